/**
 * What happened at the table that the page should say, pure: a move the computer
 * made for us when our turn timer ran out, a friend's arrival said once, the round's
 * and the match's results in one sentence for the live region. No DOM.
 */

import { t } from "./i18n.js";
import { explainMatch, explainRound } from "./explain.js";
import { isMyTurn, moveInFlight } from "./state.js";

const MOVES = ["play", "draw", "pass"];

/**
 * Whether `event` is a move the server made for us because our turn timer ran out:
 * a play, draw or pass of our seat, on our turn in `before`, at a table with a turn
 * timer whose deadline had passed (within 1.5 s, for clocks a little apart) at `now`
 * (ms), with no move of ours waiting for its answer.
 */
export function playedForUs(before, event, now) {
  if (!event || !MOVES.includes(event.type) || before.seat === null || event.seat !== before.seat) return false;
  const table = before.table;
  if (!table || !table.turn_seconds || !table.deadline || !isMyTurn(before) || moveInFlight(before)) return false;
  const end = Date.parse(table.deadline);
  return !Number.isNaN(end) && end - now <= 1500;
}

/** A move in a few words for the "played for you" notice: "jogou 6-4", "comprou 2", "passou". */
export function moveWords(event) {
  if (event.type === "play") return t("seat.played", { tile: event.tile });
  if (event.type === "draw") return t("seat.drew", { n: event.count ?? 1 });
  return t("seat.passed");
}

/**
 * Whether `event` (a `seat_human`) only repeats a friend's arrival the page has just
 * said: the seat's `seat_joined` is the last word about that seat in `feed` (table
 * events, oldest first, `{seq, event}`). A player back from being away is news, and so
 * is a friend taking the seat after its bot's move (the bot was on turn when they came).
 */
export function repeatsJoin(feed, event) {
  if (!event || event.type !== "seat_human") return false;
  for (let i = feed.length - 1; i >= 0; i -= 1) {
    const e = feed[i].event;
    if (!e || e.seat !== event.seat || e === event) continue;
    return e.type === "seat_joined";
  }
  return false;
}

/** The round's result in one sentence for the live region: who took it, how, the points, the score. */
export function roundSentence(state) {
  const v = state.view;
  const result = v && v.round_over ? v.result || (v.rounds || [])[v.rounds.length - 1] : null;
  if (!result) return "";
  const text = explainRound(state, result, v.round);
  return t("live.roundEnd", { n: v.round, headline: text.headline, points: text.points, score: text.score })
    .replace(/\s+/g, " ")
    .trim();
}

/** The match's result in one sentence for the live region. */
export function matchSentence(state) {
  if (!state.view || !state.view.over) return "";
  const m = explainMatch(state);
  return t("live.matchEnd", { headline: m.headline, reason: m.reason, score: m.score }).replace(/\s+/g, " ").trim();
}
