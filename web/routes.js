/** The routes: `/` is home, `/t/{table_id}` a table (its invitation when we hold no seat there). */

import { showHome } from "./home.js";
import { openTable } from "./table.js";

export function route() {
  const m = /^\/t\/([^/?#]+)/.exec(location.pathname);
  if (m) openTable(decodeURIComponent(m[1]));
  else showHome();
}

export function go(path) {
  history.pushState(null, "", path);
  route();
}
