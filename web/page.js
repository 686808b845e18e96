/** The page's elements: one by id, which screen shows, and HTML escaping for names. */

import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

/** The page's screens, one shown at a time. */
export const SCREENS = ["home", "lobby", "table", "replay"];

/**
 * Show one screen; the tab's title goes back to the plain name (the table's render may
 * add to it). Focus moves to the screen's heading when the screen changes, so a
 * keyboard or a screen reader starts there and not on the page's top.
 */
export function show(screen) {
  const changed = $(screen).hidden;
  for (const id of SCREENS) if ($(id)) $(id).hidden = id !== screen;
  document.title = t("app.title");
  const heading = $(screen).querySelector("h1");
  if (changed && heading) heading.focus({ preventScroll: true });
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
