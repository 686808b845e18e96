/**
 * A seat link (device-link.js) being tried on its table: nothing of it is kept until the
 * server takes its token. Its `welcome` names the seat, and then the seat is kept, with
 * the player key and the language where this device has none of its own yet. A refusal
 * keeps nothing, and the seat this browser held stays. Owns the link under trial.
 */

import { getLang } from "./i18n.js";
import { saveSettings, store } from "./settings.js";

/** {tableId, seat, token, lang, player} until the server answers its socket, or null. */
let trying = null;

/** The table `tableId` opens with `carried`, a seat link's seat (null: with none). */
export function tryCarried(tableId, carried) {
  trying = carried ? { ...carried, tableId } : null;
}

/** The server refused the socket at `tableId`: whether it was a seat link's (then dropped,
 * and nothing is forgotten). */
export function carriedRefused(tableId) {
  if (!trying || trying.tableId !== tableId) return false;
  trying = null;
  return true;
}

/** The `welcome` at `tableId` named `seat`: a seat link under trial is kept as that seat. */
export function carriedTaken(tableId, seat) {
  if (!trying || trying.tableId !== tableId) return;
  const carried = trying;
  trying = null;
  if (seat === null || seat === undefined) return;
  store.saveSeat(tableId, seat, carried.token);
  if (carried.player && !store.playerToken()) store.savePlayerToken(carried.player);
  if (carried.lang && !store.hasSettings()) saveSettings({ lang: getLang() });
}
