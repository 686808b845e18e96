/**
 * The routes: `/` is home, `/t/{table_id}` a table (its invitation when we hold no
 * seat there).
 */

import { showHome } from "./home.js";
import { showLobby } from "./invitation.js";
import { store } from "./settings.js";
import { openTable } from "./table.js";

/** Open the screen of `location`. */
export function route() {
  const m = /^\/t\/([^/?#]+)/.exec(location.pathname);
  if (!m) {
    showHome();
    return;
  }
  const tableId = decodeURIComponent(m[1]);
  if (store.seatAt(tableId)) openTable(tableId);
  else showLobby(tableId);
}
