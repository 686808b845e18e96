/**
 * The routes: `/` is home, `/t/{table_id}` a table (its invitation when we hold no
 * seat there), `/t/{table_id}/replay` its finished match step by step, `/replay` a
 * record file opened in the page. A table's address may carry our seat after "#" (a
 * link from another device of ours).
 */

import { seatFromHash } from "./device-link.js";
import { showHome } from "./home.js";
import { showLobby } from "./invitation.js";
import { openReplay } from "./replay-page.js";
import { store } from "./settings.js";
import { openTable } from "./table.js";

/** Open the screen of `location`. */
export function route() {
  const replay = /^\/t\/([^/?#]+)\/replay\/?$/.exec(location.pathname);
  if (replay || location.pathname === "/replay") {
    openReplay(replay ? decodeURIComponent(replay[1]) : null);
    return;
  }
  const m = /^\/t\/([^/?#]+)/.exec(location.pathname);
  if (!m) {
    showHome();
    return;
  }
  const tableId = decodeURIComponent(m[1]);
  // a link to our seat, from another device (device-link.js): kept here, then out of the
  // address bar and history, so that it is not copied on by mistake
  const carried = seatFromHash(location.hash);
  if (carried) store.saveSeat(tableId, carried.seat, carried.token);
  if (location.hash) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  if (store.seatAt(tableId)) openTable(tableId);
  else showLobby(tableId);
}
