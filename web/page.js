/** The page's elements: one by id, which screen shows, and HTML escaping for names. */

import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

/** Show one screen; the tab's title goes back to the plain name (the table's render may add to it). */
export function show(screen) {
  for (const id of ["home", "lobby", "table"]) $(id).hidden = id !== screen;
  document.title = t("app.title");
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
