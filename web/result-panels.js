/** The round-over and match-over panels: the result explained, every hand face up, the experience points. */

import { pointsLine } from "./experience.js";
import { uprightTileSvg } from "./hand.js";
import { t } from "./i18n.js";
import { $, escapeHtml } from "./page.js";
import { explainMatch, explainRound } from "./explain.js";
import { seatName, sideOf, withFriends } from "./sides.js";

/** Show or hide the round-over and match-over panels for state `S`. */
export function renderOverlays(S) {
  const v = S.view;
  const roundBox = $("round-over");
  const matchBox = $("match-over");
  const result = v && v.round_over ? v.result || (v.rounds || [])[v.rounds.length - 1] : null;
  roundBox.hidden = !result;
  if (result) {
    const text = explainRound(S, result, v.round);
    $("round-title").textContent = text.title;
    $("round-headline").textContent = text.headline;
    $("round-points").textContent = text.points;
    $("round-explain").textContent = text.explain;
    $("round-explain").hidden = !text.explain;
    $("round-teams").textContent = text.teams;
    $("round-teams").hidden = !text.teams;
    $("round-fives").textContent = text.fives;
    $("round-fives").hidden = !text.fives;
    $("round-sum").textContent = text.sum;
    $("round-sum").hidden = !text.sum;
    $("round-score").textContent = text.score;
    const hands = result.hands || [];
    const rules = v.rules || {};
    $("round-hands").innerHTML = hands
      .map((hand, seat) => {
        const won = result.winner !== null && result.winner !== undefined && sideOf(rules, seat) === result.winner;
        const tiles = hand.length
          ? hand.map((tile) => `<span class="mini" role="img" aria-label="${tile}">${uprightTileSvg(tile)}</span>`).join("")
          : `<span class="reveal-empty">${t("round.emptyHand")}</span>`;
        return (
          `<div class="reveal-row${won ? " won" : ""}${teamsClass(rules, seat)}"><span class="reveal-name">${escapeHtml(text.pips[seat] || seatName(S, seat))}</span>` +
          `<span class="reveal-tiles">${tiles}</span></div>`
        );
      })
      .join("");
    // the tiles nobody held: the boneyard left, or by batida those that slept all round
    const rest = result.boneyard || [];
    if (rest.length) {
      const label = t(rules.drawing === false ? "round.sleeping" : "round.boneyard");
      const tiles = rest.map((tile) => `<span class="mini" role="img" aria-label="${tile}">${uprightTileSvg(tile)}</span>`).join("");
      $("round-hands").insertAdjacentHTML("beforeend", `<div class="reveal-row rest"><span class="reveal-name">${escapeHtml(label)}</span><span class="reveal-tiles">${tiles}</span></div>`);
    }
  }
  matchBox.hidden = !(v && v.over);
  const wrap = $("board-wrap");
  wrap.classList.toggle("with-panel", Boolean(result) || Boolean(v && v.over));
  // "ver mesa": the round's panel steps aside (narrow screens) so the line can be checked
  const peek = $("peek-btn");
  peek.hidden = !result || Boolean(v && v.over);
  if (peek.hidden) wrap.classList.remove("peek");
  const peeking = wrap.classList.contains("peek");
  peek.textContent = t(peeking ? "round.showResult" : "round.showTable");
  peek.setAttribute("aria-pressed", String(peeking));
  if (v && v.over) {
    const text = explainMatch(S);
    $("match-headline").textContent = text.headline;
    $("match-reason").textContent = text.reason;
    $("match-score").textContent = text.score;
    // experience points: the `ranking` event that follows match_end (or the finished table's summary)
    const points = pointsLine(S.ranking, S.seat, (seat) => seatName(S, seat));
    $("match-xp").textContent = points;
    $("match-xp").hidden = !points;
    // no points (against the computer, an annulled match...) is news, not good news
    const mine = S.ranking && S.seat !== null ? (S.ranking.points || [])[S.seat] : undefined;
    const none = Boolean(S.ranking && (S.ranking.reason || (S.seat !== null && typeof mine !== "number")));
    $("match-xp").classList.toggle("none", none);
    // a spectator has no seat to take again; with friends, "again" is a new table to share
    $("rematch").hidden = S.seat === null;
    $("rematch").textContent = rematchLabel(S);
  }
}

/** The match-over panel's main button: again with bots, a new table for the same friends,
 * or, once one of them opened it, going to theirs. */
export function rematchLabel(S) {
  const offer = S.table && S.table.rematch;
  if (offer && offer.by !== S.seat) return t("match.rematchGo", { name: seatName(S, offer.by) });
  return t(withFriends(S) ? "match.rematchFriends" : "match.rematch");
}

/** " team0"/" team1" for a seat at a table with teams, else "". */
function teamsClass(rules, seat) {
  return rules && rules.teams ? ` team${sideOf(rules, seat)}` : "";
}
