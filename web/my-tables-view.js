/**
 * "Suas mesas" on the home page: every table this browser holds a seat at, asked for in
 * one request, so that a match played over days is one tap away (rows: my-tables.js).
 */

import { listTables } from "./api.js";
import { t } from "./i18n.js";
import { describeTable, MAX_ROWS, orderTables } from "./my-tables.js";
import { $, escapeHtml } from "./page.js";
import { go } from "./nav.js";
import { store } from "./settings.js";
import { LISTED_SEATS } from "./storage.js";
import { heardServerTime } from "./server-clock.js";

function rowHtml(row) {
  const esc = escapeHtml;
  const href = `/t/${encodeURIComponent(row.id)}`;
  const forget =
    row.state === "finished"
      ? `<button type="button" class="forget" data-forget="${esc(row.id)}" aria-label="${esc(t("mine.forgetOne", { title: row.title }))}" title="${esc(t("mine.forget"))}">×</button>`
      : "";
  const replay =
    row.state === "finished"
      ? `<a class="replay-row" href="${href}/replay" aria-label="${esc(t("mine.replayOne", { title: row.title }))}">${esc(t("replay.open"))}</a>`
      : "";
  return (
    `<li class="my-table ${row.state}" data-table="${esc(row.id)}">` +
    `<a href="${href}"><span class="mt-title">${esc(row.title)}</span>` +
    `<span class="mt-others">${esc(row.others)}</span>` +
    `<span class="mt-status">${esc(row.status)}</span>` +
    (row.score ? `<span class="mt-score">${esc(row.score)}</span>` : "") +
    (row.due ? `<span class="mt-due">${esc(row.due)}</span>` : "") +
    `</a>${replay}${forget}</li>`
  );
}

let asked = 0;
let listed = []; // the server's last answer: {table, round, turn, scores, winner} per table

/** Fetch and draw the list; tables the server no longer knows are forgotten. One request
 * asks for the newest LISTED_SEATS (the server's limit; the store keeps more). */
export async function showMyTables() {
  const ids = Object.keys(store.seats()).slice(-LISTED_SEATS);
  const ask = ++asked;
  if (!ids.length) {
    listed = [];
    renderMyTables();
    return;
  }
  let reply;
  try {
    reply = await listTables(ids);
  } catch {
    return; // offline or the server is away: keep what is shown, forget nothing
  }
  if (ask !== asked) return; // a newer visit to the home page asked again
  if (reply.now) heardServerTime(reply.now); // the rows count deadlines by the server's clock
  const answer = reply.tables;
  const known = new Set(answer.map((x) => x.table.id));
  for (const id of ids) if (!known.has(id)) store.forgetSeat(id);
  for (const x of answer) if (x.table.status === "finished") store.markFinished(x.table.id);
  listed = answer;
  renderMyTables();
}

/** Draw the list last fetched again, for the seats still held (after a change of language
 * or a forgotten row). */
export function renderMyTables() {
  const seats = store.seats();
  const rows = orderTables(
    listed.filter((x) => seats[x.table.id]).map((x) => describeTable(x, seats[x.table.id].seat)),
    Object.keys(seats),
  ).slice(0, MAX_ROWS);
  $("my-tables-list").innerHTML = rows.map(rowHtml).join("");
  $("my-tables").hidden = rows.length === 0;
}

/** Clicks in the list: open a table in place, or forget a finished one. */
export function wireMyTables() {
  $("my-tables-list").addEventListener("click", (ev) => {
    const forget = ev.target.closest("[data-forget]");
    if (forget) {
      ev.preventDefault();
      const row = forget.closest("li");
      const next = row.nextElementSibling || row.previousElementSibling;
      const nextId = next ? next.dataset.table : null;
      store.forgetSeat(forget.dataset.forget);
      renderMyTables();
      // focus stays in the list: the row that took its place, or the list's title
      const again = nextId && $("my-tables-list").querySelector(`li[data-table="${CSS.escape(nextId)}"] a`);
      (again || $("my-tables-title")).focus();
      return;
    }
    const link = ev.target.closest("a[href]");
    if (link && !ev.ctrlKey && !ev.metaKey && !ev.shiftKey && !ev.altKey && ev.button === 0) {
      ev.preventDefault();
      go(link.getAttribute("href"));
    }
  });
}
