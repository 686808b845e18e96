/**
 * The replay screen (`#replay`) drawn from the replay's data and the step shown: the
 * line as it was, every hand face up, the score, the step in words (said by the live
 * region), and which step buttons can go anywhere.
 */

import { boardSvg } from "./board-svg.js";
import { fitBoard } from "./board.js";
import { uprightTileSvg } from "./hand.js";
import { t } from "./i18n.js";
import { $, escapeHtml } from "./page.js";
import { describeStep, lastPlayed, replayState } from "./replay.js";
import { sideScore, seatName } from "./sides.js";

/** Draw step `i` of `data`. */
export function renderReplay(data, i) {
  const step = data.steps[i];
  const state = replayState(data, step);
  const rules = data.rules;
  $("replay-round").textContent = t("table.round", { n: step.round });
  $("replay-score").textContent = step.scores.map((n, side) => sideScore(state, side, n)).join(" · ");
  // the line, fitted to the room as on the table
  const el = $("replay-board");
  const width = Math.max(200, el.clientWidth || window.innerWidth - 40);
  const height = Math.max(160, Math.min(420, Math.round(window.innerHeight * 0.42)));
  const maxUnit = window.innerWidth < 520 ? 24 : 36;
  if (!step.board || !step.board.center) {
    el.innerHTML = `<p class="board-empty">${escapeHtml(t("table.boardEmpty"))}</p>`;
  } else {
    const fit = fitBoard(step.board, { width, height, maxUnit });
    const ends = Object.entries(step.ends || {})
      .map(([end, pips]) => `${t(`table.end.${end}`)} ${pips}`)
      .join(", ");
    const drawn = boardSvg(fit.layout, {
      label: t("table.boardLabel", { n: fit.layout.tiles.length, ends }),
      last: lastPlayed(data.steps, i),
    });
    el.innerHTML = drawn.markup;
    const svg = el.querySelector("svg");
    const bw = drawn.box.maxX - drawn.box.minX;
    const bh = drawn.box.maxY - drawn.box.minY;
    const unit = Math.min(width / bw, height / bh, maxUnit);
    svg.style.width = `${Math.floor(bw * unit)}px`;
    svg.style.height = `${Math.floor(bh * unit)}px`;
  }
  // every hand as the record has it at this step
  $("replay-hands").innerHTML = step.hands
    .map((hand, seat) => {
      const turn = step.turn === seat && !step.round_over;
      const team = rules.teams ? ` team${seat % 2}` : "";
      const tiles = hand.length
        ? hand.map((tile) => `<li class="mini" aria-label="${tile}">${uprightTileSvg(tile)}</li>`).join("")
        : `<li class="reveal-empty">${escapeHtml(t("round.emptyHand"))}</li>`;
      return (
        `<div class="reveal-row${turn ? " turn" : ""}${team}"><span class="reveal-name"><bdi>${escapeHtml(seatName(state, seat))}</bdi>` +
        `${turn ? ` · ${escapeHtml(t("seat.turn"))}` : ""}</span><ul class="reveal-tiles" aria-label="${escapeHtml(seatName(state, seat))}">${tiles}</ul></div>`
      );
    })
    .join("");
  const text = describeStep(data, i);
  $("replay-step").textContent = text;
  $("replay-count").textContent = `${i + 1} / ${data.steps.length}`;
  const last = data.steps.length - 1;
  for (const [id, off] of [["rp-first", i === 0], ["rp-prev-round", i === 0], ["rp-prev", i === 0], ["rp-next", i === last], ["rp-next-round", i === last], ["rp-last", i === last]]) {
    $(id).disabled = off;
  }
}
