/** The page's elements: one by id, which screen shows, and HTML escaping for names. */

export const $ = (id) => document.getElementById(id);

export function show(screen) {
  for (const id of ["home", "lobby", "table"]) $(id).hidden = id !== screen;
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
