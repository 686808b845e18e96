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
/** Most tables whose seat this browser keeps: past it, the seats of finished matches go
 * first (oldest first), then the oldest; a table opened counts as new again. */
export const MAX_SEATS = 200;
/** Most tables the home page asks the server about (the newest): its list's own limit. */
export const LISTED_SEATS = 50;

/** Drop seats until at most MAX_SEATS are left: finished matches first, then the oldest. */
function prune(seats) {
  let ids = Object.keys(seats);
  while (ids.length > MAX_SEATS) {
    delete seats[ids.find((id) => seats[id].done) ?? ids[0]];
    ids = Object.keys(seats);
  }
}

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
    /** Whether this browser has kept settings of its own (a choice made here). */
    hasSettings() {
      try {
        return backing.getItem(SETTINGS_KEY) !== null;
      } catch {
        return false;
      }
    },
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
      prune(seats);
      write(SEATS_KEY, seats);
      write(CURRENT_KEY, tableId);
    },
    /** A table opened again counts as the newest (its seat is the last to go). */
    touchSeat(tableId) {
      const seats = read(SEATS_KEY, {});
      const held = seats[tableId];
      if (!held) return;
      delete seats[tableId];
      seats[tableId] = held;
      write(SEATS_KEY, seats);
    },
    /** The match at a table is over: its seat goes before those of matches still on. */
    markFinished(tableId) {
      const seats = read(SEATS_KEY, {});
      if (!seats[tableId] || seats[tableId].done) return;
      seats[tableId] = { ...seats[tableId], done: true };
      write(SEATS_KEY, seats);
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
