/**
 * What happened at the table that the page should say, pure: a move the computer
 * made for us when our turn timer ran out, a friend's arrival said once, the round's
 * and the match's results in one sentence for the live region. No DOM.
 */

import { t } from "./i18n.js";
import { explainMatch, explainRound, MOVES } from "./explain.js";
import { isMyTurn, moveInFlight } from "./state.js";


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

/**
 * Our seat while we were away (RULES.md §10 Absence), followed one table event at a time:
 * `away` is null while the seat is ours, else `{moves, from}` (the moves its bot made for
 * us, the round it took over in). Returns the new `away`, and `back` (`{moves, from, to}`)
 * on the event that hands the seat back to us.
 */
export function followAway(away, event, seat, round) {
  if (!event || seat === null || event.seat !== seat) return { away, back: null };
  if (event.type === "seat_bot" && event.reason === "away") return { away: { moves: 0, from: round }, back: null };
  if (!away) return { away, back: null };
  if (MOVES.includes(event.type)) return { away: { ...away, moves: away.moves + 1 }, back: null };
  if (event.type === "seat_human") return { away: null, back: { ...away, to: round } };
  return { away, back: null };
}

/** The notice on coming back: what the computer did for us while we were away. */
export function awayWords(back) {
  const key = back.to !== back.from ? "auto.awayRounds" : "auto.away";
  return t(key, { n: back.moves, from: back.from, to: back.to });
}

/** A move in a few words for the "played for you" notice: "jogou 6-4", "comprou 2", "passou". */
export function moveWords(event) {
  if (event.type === "play") return t("seat.played", { tile: event.tile });
  if (event.type === "draw") return t("seat.drew", { n: event.count ?? 1 });
  return t("seat.passed");
}

/**
 * Whether a person's socket coming up (`seat`, from the table summary) is news to say
 * ("Bia se conectou de novo"), or already said: their first arrival or their return
 * to the seat from its bot ("Bia sentou à mesa", "Bia voltou à cadeira": the last word
 * about the seat in `feed`, table events oldest first, unless `lostAt`, the event number
 * when their lost connection was said, came after it), or a return still to be said (the
 * seat's bot plays it: `seat_human` will say it).
 */
export function connectionNews(feed, seat, lostAt) {
  if (seat.away) return false;
  for (let i = feed.length - 1; i >= 0; i -= 1) {
    const { seq, event: e } = feed[i];
    if (!e || e.seat !== seat.seat) continue;
    if (e.type !== "seat_joined" && e.type !== "seat_human") return true;
    return lostAt !== undefined && lostAt >= seq;
  }
  return true;
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
