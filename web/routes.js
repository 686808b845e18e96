/**
 * The routes: `/` is home, `/t/{table_id}` a table (its invitation when we hold no
 * seat there), `/t/{table_id}/replay` its finished match step by step, `/replay` a
 * record file opened in the page. A table's address may carry our seat after "#" (a
 * link from another device of ours).
 */

import { toast } from "./announce.js";
import { seatFromHash } from "./device-link.js";
import { t } from "./i18n.js";
import { showHome } from "./home.js";
import { showLobby, watching } from "./invitation.js";
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
  // a link to our seat, from another device (device-link.js): out of the address bar and
  // history at once (not copied on by mistake), tried on the table, and kept only once the
  // server takes its token (table.js); a browser holding another seat there keeps its own
  const carried = seatFromHash(location.hash);
  if (location.hash) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  const held = store.seatAt(tableId);
  if (carried && held && held.token !== carried.token) toast(t("device.otherSeat"));
  if (carried && !held) openTable(tableId, { carried });
  else if (held) openTable(tableId);
  else if (watching(tableId)) openTable(tableId, { spectate: true }); // a reload while watching
  else showLobby(tableId);
}
