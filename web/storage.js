/**
 * What the browser keeps between visits (localStorage): settings, for each
 * table the seat and token this browser holds there, the table last open, and
 * the player token that carries experience points from table to table.
 * `makeStore(backing)` takes any object with getItem/setItem (node tests pass a Map wrapper).
 */

const SETTINGS_KEY = "domino.settings";
const SEATS_KEY = "domino.seats";
const CURRENT_KEY = "domino.current";
const PLAYER_KEY = "domino.player";
/** Most tables whose seat this browser keeps (the home page lists up to 50). */
export const MAX_SEATS = 50;

export const DEFAULT_SETTINGS = Object.freeze({
  lang: "pt-BR",
  aids: true,
  pips: "color", // "color" | "black"
  sound: true,
  notify: false, // a system notification on our turn while the tab is in the background
  name: "",
});

export function makeStore(backing) {
  const read = (key, fallback) => {
    try {
      const raw = backing.getItem(key);
      return raw ? JSON.parse(raw) : fallback;
    } catch {
      return fallback;
    }
  };
  const write = (key, value) => {
    try {
      backing.setItem(key, JSON.stringify(value));
    } catch {
      // storage full or disabled: settings last for this page only
    }
  };
  return {
    /** Settings merged over the defaults. */
    settings() {
      return { ...DEFAULT_SETTINGS, ...read(SETTINGS_KEY, {}) };
    },
    /** Change some settings; returns the whole new settings. */
    saveSettings(patch) {
      const next = { ...this.settings(), ...patch };
      write(SETTINGS_KEY, next);
      return next;
    },
    /** {seat, token} held at a table, or null. */
    seatAt(tableId) {
      return read(SEATS_KEY, {})[tableId] || null;
    },
    /** Remember our seat and token at a table and make it the current one. */
    saveSeat(tableId, seat, token) {
      const seats = read(SEATS_KEY, {});
      delete seats[tableId]; // a seat taken again counts as the newest
      seats[tableId] = { seat, token };
      // the oldest go once there are more than the home page lists
      const ids = Object.keys(seats);
      for (const old of ids.slice(0, Math.max(0, ids.length - MAX_SEATS))) delete seats[old];
      write(SEATS_KEY, seats);
      write(CURRENT_KEY, tableId);
    },
    /** Forget our seat at a table (its token no longer works). */
    forgetSeat(tableId) {
      const seats = read(SEATS_KEY, {});
      delete seats[tableId];
      write(SEATS_KEY, seats);
    },
    /** Every table we hold a seat at: {tableId: {seat, token}}, oldest first. */
    seats() {
      return read(SEATS_KEY, {});
    },
    /** The table last opened, or null. */
    current() {
      return read(CURRENT_KEY, null);
    },
    setCurrent(tableId) {
      write(CURRENT_KEY, tableId);
    },
    /** The player token (experience points follow it), or null before the first table. */
    playerToken() {
      const token = read(PLAYER_KEY, null);
      return typeof token === "string" && token ? token : null;
    },
    /** Keep the player token the server answered with (create or join). */
    savePlayerToken(token) {
      if (typeof token === "string" && token) write(PLAYER_KEY, token);
    },
  };
}
