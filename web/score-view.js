/** The score sheet dialog (`#score-dialog`), drawn from the state: a table of the rounds. */

import { t } from "./i18n.js";
import { $, escapeHtml } from "./page.js";
import { scoreSheet } from "./score-sheet.js";

/** Fill the score sheet dialog from state `S`. */
export function renderScoreSheet(S) {
  const sheet = scoreSheet(S);
  const esc = escapeHtml;
  $("score-title").textContent = t("score.title");
  $("score-goal").textContent = sheet.goal ? t("score.goal", { n: sheet.goal, score: sheet.total }) : "";
  if (!sheet.rows.length) {
    $("score-table").innerHTML = "";
    $("score-empty").hidden = false;
    $("score-empty").textContent = t("score.none");
    return;
  }
  $("score-empty").hidden = true;
  const head =
    `<caption class="sr-only">${esc(t("score.title"))}</caption><thead><tr>` +
    `<th scope="col">${esc(t("score.round"))}</th><th scope="col">${esc(t("score.winner"))}</th>` +
    `<th scope="col">${esc(t("score.how"))}</th><th scope="col">${esc(t("score.points"))}</th>` +
    (sheet.fives ? `<th scope="col">${esc(t("score.fives"))}</th>` : "") +
    sheet.sides.map((name) => `<th scope="col">${esc(name)}</th>`).join("") +
    `</tr></thead>`;
  const body = sheet.rows
    .map(
      (r) =>
        `<tr><th scope="row">${r.round}</th><td>${esc(r.winner)}</td><td>${esc(r.how)}</td>` +
        `<td class="num">${r.points}</td>${sheet.fives ? `<td>${esc(r.fives)}</td>` : ""}` +
        r.totals.map((n) => `<td class="num">${n}</td>`).join("") +
        `</tr>`,
    )
    .join("");
  $("score-table").innerHTML = `${head}<tbody>${body}</tbody>`;
}
