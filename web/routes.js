/**
 * The routes: `/` is home, `/t/{table_id}` a table (its invitation when we hold no
 * seat there), `/t/{table_id}/replay` its finished match step by step, `/replay` a
 * record file opened in the page.
 */

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
  if (store.seatAt(tableId)) openTable(tableId);
  else showLobby(tableId);
}
