/**
 * The score sheet, pure: one row per finished round (who took it, how it ended, its
 * points, the fives scored in it, the running totals per side) from a view's
 * `rounds`. No DOM; node-tested.
 */

import { isolate, t } from "./i18n.js";
import { seatLabel, sideCount, sideLabel } from "./sides.js";

/**
 * `{sides: [name...], rows: [{round, winner, how, points, fives, totals}], total, goal,
 * fives}` for state `S` (`fives`: whether the rules score fives, so the column shows). `fives` is the round's in-round points per side (`"Nós +10"`), `totals`
 * the running score per side after that round (its points and fives added).
 */
export function scoreSheet(S) {
  const v = S.view;
  if (!v || !v.rules) return { sides: [], rows: [], total: "", goal: null, fives: false };
  const n = sideCount(v.rules);
  const sides = Array.from({ length: n }, (_, side) => sideLabel(S, side));
  const totals = new Array(n).fill(0);
  // between rounds the one just over is the view's `result` (`rounds` may not hold it yet)
  const done = v.rounds || [];
  const rounds = v.round_over && v.result && done.length < v.round ? [...done, v.result] : done;
  const rows = rounds.map((r, i) => {
    const fives = new Array(n).fill(0);
    for (const [side, pts] of r.fives || []) fives[side] += pts;
    fives.forEach((pts, side) => {
      totals[side] += pts;
    });
    const won = r.winner !== null && r.winner !== undefined;
    if (won) totals[r.winner] += r.points || 0;
    return {
      round: i + 1,
      winner: won ? winnerName(S, r) : t("score.nobody"),
      // by batida (RULES.md §6b) a round won by going out is named by how: "Lá-e-lô"
      how: r.batida ? t(`batida.${r.batida}`) : t(`score.how.${r.result || "unfinished"}`),
      points: won ? r.points || 0 : 0,
      fives: fives.map((pts, side) => (pts ? `${isolate(sides[side])} +${pts}` : "")).filter(Boolean).join(", "),
      totals: [...totals],
    };
  });
  const now = v.scores || totals;
  const total = now.map((pts, side) => `${isolate(sides[side])} ${pts}`).join(" · ");
  const fivesScoring = v.rules.scoring === "fives" || v.rules.preset === "fives" || rows.some((r) => r.fives);
  return { sides, rows, total, goal: v.rules.goal, fives: fivesScoring };
}

/** The side that took a round, named by the seat that went out where that is known. */
function winnerName(S, r) {
  const out = r.result === "domino" ? (r.hands || []).findIndex((h) => h.length === 0) : -1;
  const side = sideLabel(S, r.winner);
  if (out < 0 || !(S.view.rules && S.view.rules.teams)) return out >= 0 ? seatLabel(S, out) : side;
  return `${side} (${seatLabel(S, out)})`;
}
