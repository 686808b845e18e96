/**
 * Replays, pure: moving through a match's steps (GET /api/tables/{id}/replay or a
 * record file posted to /api/replay) move by move and round by round, and each step
 * said in words. A step is the table after one move (`move` 0: the deal). No DOM.
 */

import { refusalReason } from "./api.js";
import { t } from "./i18n.js";
import { describeEvent, explainMatch, explainRound } from "./explain.js";

/**
 * The seats as the table last showed them (a table summary's `seat`, `kind`, `bot`,
 * `name`), so the replay names them as the table did (seats.js `seatNames`: a bot by its
 * seat, "Nino", "Nina", "Nico"). A table's replay has them (`seats`); a record file
 * (RECORD.md) names nobody, so its players are "Jogador 1", "Jogador 2"... ("Player n"),
 * in the language of the moment: they play, score and win, which a "Cadeira n" does not.
 */
export function replaySeats(data) {
  const n = data.rules.seats;
  if (Array.isArray(data.seats) && data.seats.length === n) return data.seats;
  const names = data.names || [];
  return Array.from({ length: n }, (_, seat) => ({
    seat,
    kind: "human",
    name: names[seat] || t("replay.playerN", { n: seat + 1 }),
  }));
}

/** A state-like object for explain.js's wording: the seats named as the table named them. */
export function replayState(data, step) {
  return {
    seat: null,
    table: { seats: replaySeats(data), rules: data.rules },
    view: step ? { rules: data.rules, round: step.round, scores: step.scores } : { rules: data.rules },
  };
}

/** The index of the step `key` asks for ("first", "prev", "next", "last", "prevRound",
 * "nextRound") from step `i` of `steps`; stays in range. */
export function stepFrom(steps, i, key) {
  const last = steps.length - 1;
  const round = steps[i] ? steps[i].round : 1;
  switch (key) {
    case "first":
      return 0;
    case "last":
      return last;
    case "prev":
      return Math.max(0, i - 1);
    case "next":
      return Math.min(last, i + 1);
    case "nextRound": {
      const k = steps.findIndex((s, j) => j > i && s.round > round);
      return k < 0 ? last : k;
    }
    case "prevRound": {
      // to this round's deal; from the deal, to the previous round's
      const start = steps.findIndex((s) => s.round === round);
      if (i > start) return start;
      const k = steps.findIndex((s) => s.round === round - 1);
      return k < 0 ? 0 : k;
    }
    default:
      return i;
  }
}

/** How many moves round `round` has (its steps but the deal). */
export function movesIn(steps, round) {
  return steps.filter((s) => s.round === round).length - 1;
}

/** Step `i` in one sentence: the deal, or the move and what it did ("Ana jogou 6-4 ..."). */
export function describeStep(data, i) {
  const step = data.steps[i];
  if (!step) return "";
  const state = replayState(data, step);
  const last = i === data.steps.length - 1; // how the match ended is said there (a resignation may come right after a deal)
  if (step.move === 0) return [t("replay.deal", { round: step.round }), last ? matchEnd(data, state) : ""].filter(Boolean).join(" ");
  const what = step.events
    .filter((e) => e.type !== "round_end")
    .map((e) => describeEvent(state, e))
    .filter(Boolean)
    .join(" ");
  const text = t("replay.step", { round: step.round, n: step.move, total: movesIn(data.steps, step.round), what });
  const said = [text];
  // (a round cut short at the goal scored what its plays did, said above: no award to add)
  if (step.round_over && step.result && step.result.result !== "goal") {
    // the round-over panel's own words (a tie, a round cut short, fives' end-of-round award)
    const text = explainRound(state, step.result, step.round);
    said.push(t("replay.end", { round: step.round, what: text.points || text.headline }));
  }
  if (last) said.push(matchEnd(data, state));
  return said.filter(Boolean).join(" ");
}

/** The last step's closing words: who won the match and how it ended (`outcome`: a
 * table's replay, or a record whose match is over, by the goal or by its `end`). */
function matchEnd(data, state) {
  const o = data.outcome;
  if (!o) return "";
  // the seat that resigned or lost by absence, as the table's own log would name it
  const feed = typeof o.seat === "number" ? [{ event: { type: "match_end", seat: o.seat } }] : [];
  const m = explainMatch({ ...state, feed, view: { ...state.view, over: true, ...o } });
  return [`${t("match.over")}.`, m.headline, m.reason, `${m.score}.`].filter(Boolean).join(" ");
}

/** The last tile played up to step `i` in its round (its key, "6-4" high first), or null. */
export function lastPlayed(steps, i) {
  const step = steps[i];
  if (!step) return null;
  for (let j = i; j >= 0 && steps[j].round === step.round; j -= 1) {
    const play = [...steps[j].events].reverse().find((e) => e.type === "play");
    if (play) {
      const [a, b] = play.tile.split("-").map(Number);
      return a >= b ? `${a}-${b}` : `${b}-${a}`;
    }
  }
  return null;
}

/** Why a record file could not be replayed, in the page's language: not JSON (`err` from
 * JSON.parse), or where the server found it invalid (its 422 names the round and play; its
 * technical words, in English, follow), else the refusal as api.js words it. */
export function recordTrouble(err) {
  if (err instanceof SyntaxError) return t("replay.notJson");
  const body = err && err.body;
  if (err && err.status === 422 && body && Number.isInteger(body.round) && Number.isInteger(body.play)) {
    let where = t("replay.where.header");
    if (body.round > 0) where = body.play > 0 ? t("replay.where.play", body) : t("replay.where.deal", body);
    return t("replay.badRecord", { where, reason: err.message });
  }
  return t("replay.bad", { reason: refusalReason(err) });
}
