/**
 * The sentences the screen says about the table: one public event (log or live region),
 * this round's moves, the round-over screen (how the round was scored, the sum behind the
 * award) and the match-over screen. Pure: reads the client's state (state.js), no DOM.
 */

import { pointsLine } from "./experience.js";
import { isolate, t } from "./i18n.js";
import { personName } from "./seats.js";
import { botPlaysMySeat } from "./state.js";
import { seatLabel, seatName, sideName, sideOf, sideScore, sideSubject } from "./sides.js";

/** A seat's moves among the log's entries (the computer's for a person say `stand_in`, RULES.md §10). */
export const MOVES = ["play", "draw", "pass"];

/**
 * A sentence for one public event (log or table entry), for the live region. Our own moves
 * are said as ours ("Você jogou 6-4"); `drawn`, the tiles our own draw brought (what the
 * hand gained), are named ("Você comprou 3-1"). A move the computer made for a person
 * (`stand_in`: they were away, or their turn timer ran out) is said as the computer's
 * ("O computador jogou 6-4 por você", "… por Bia"), and so is a move of the bot that kept
 * a friend's seat, once the friend has it ("held": "… no lugar de Bia, antes de Bia chegar").
 */
export function describeEvent(state, event, drawn = []) {
  if (!event) return "";
  if (computersFor(state, event)) return standInMove(state, event, drawn);
  const seated = event.seat !== undefined && event.seat !== null;
  // a move of our seat while its bot still held it (a friend taking a bot's seat, the bot
  // on turn) was the bot's: said by its name, not as ours
  const ours = seated && state.seat !== null && state.seat !== undefined && event.seat === state.seat && !botPlaysMySeat(state);
  const name = seated ? seatName(state, event.seat) : "";
  const who = ours ? t("home.you") : name; // a move's subject
  switch (event.type) {
    case "play":
      return t("log.play", { name: who, tile: event.tile, ...placed(event) });
    case "draw":
      if (ours && drawn.length) return t("log.drawTiles", { name: who, tiles: drawn.join(", ") });
      return t("log.draw", { name: who, n: event.count ?? 1 });
    case "pass":
      return t("log.pass", { name: who });
    case "score": {
      const rules = state.view && state.view.rules;
      const mine = rules && !rules.teams && event.side === state.seat;
      return t("log.score", { name: mine ? t("home.you") : sideSubject(state, event.side), n: event.points });
    }
    case "round_start":
      return t("log.round_start", { n: event.round ?? (state.view ? state.view.round : "") });
    case "connection":
      return t(event.connected ? "log.connectionBack" : "log.connectionLost", { name });
    case "seat_bot":
      // bots seated at the start are on the seat bar; only a person leaving is news
      return event.reason === "start" ? "" : t("log.seat_bot", { name });
    case "seat_joined":
      // the seat still shows its bot's name until the summary comes: say the one who sat
      return t("log.seat_joined", { name: (event.name && personName(event.name)) || name });
    case "seat_human": {
      // a friend taking the seat its bot kept: the summary still names it the bot's
      const held = summarySeat(state, event.seat);
      if (!held || held.kind !== "bot") return t("log.seat_human", { name });
      if (event.seat === state.seat) return t("log.seat_taken_you", { bot: name });
      return t("log.seat_taken", { name: personName(held.name), bot: name });
    }
    case "annulment_vote":
      // a "no" ends the proposal: said, so the one who asked knows the match goes on
      return event.agree === false ? t("log.annulment_refused", { name }) : t("log.annulment_vote", { name });
    case "annulment_proposed":
      return ours ? t("log.annulment_proposed_you") : t("log.annulment_proposed", { name });
    case "round_end":
    case "started":
    case "match_end":
    case "rematch":
      return t(`log.${event.type}`, { name });
    case "ranking":
      return pointsLine(event, state.seat, (seat) => seatName(state, seat));
    default:
      return "";
  }
}

/** The table summary's seat `seat` (who holds it now), or undefined. */
const summarySeat = (state, seat) => ((state.table && state.table.seats) || []).find((s) => s.seat === seat);

/** A play's `where` (" na ponta esquerda") and `points` (" e marcou 10"), "" where it has none. */
function placed(event) {
  const where = event.end ? t("log.playWhere", { end: t(`table.end.${event.end}`) }) : "";
  return { where, points: event.points ? t("log.points", { n: event.points }) : "" };
}

/**
 * Whether `event` is a move the computer made for a person, to say as such: a move of a
 * seat's bot while it still holds the seat ("held": no person has taken it) is the bot's,
 * said by its name as any bot's move.
 */
function computersFor(state, event) {
  if (!event.stand_in || !MOVES.includes(event.type)) return false;
  if (event.stand_in !== "held") return true;
  return summarySeat(state, event.seat)?.kind === "human";
}

/** A move the computer made for a person, said as the computer's, for them ("por você") or for the seat's name. */
function standInMove(state, event, drawn) {
  const ours = state.seat !== null && state.seat !== undefined && event.seat === state.seat;
  if (event.stand_in === "held") return heldMove(event, ours, seatName(state, event.seat));
  const name = ours ? t("table.you") : seatName(state, event.seat);
  if (event.type === "play") return t("log.playFor", { name, tile: event.tile, ...placed(event) });
  if (event.type === "draw") {
    if (ours && drawn.length) return t("log.drawTilesFor", { name, tiles: drawn.join(", ") });
    return t("log.drawFor", { name, n: event.count ?? 1 });
  }
  return t("log.passFor", { name });
}

/**
 * A move the bot made in a seat before its person (`name`; `ours`: us) took it over: the
 * computer's, in their place ("O computador jogou 6-4 no lugar de Bia, antes de Bia chegar").
 */
function heldMove(event, ours, name) {
  const you = ours ? "You" : "";
  if (event.type === "play") return t(`log.playHeld${you}`, { name, tile: event.tile, ...placed(event) });
  if (event.type === "draw") return t(`log.drawHeld${you}`, { name, n: event.count ?? 1 });
  return t(`log.passHeld${you}`, { name });
}

/**
 * Entry number → why the computer made that move of the round on screen ("away",
 * "timeout", "held"): the table summary's `stand_in`, when it is about the view's round (a
 * view's log does not say it; the summary, rebuilt by the server, does after a reload too).
 */
export function standIns(state) {
  const marks = state.table && state.table.stand_in;
  const view = state.view;
  if (!marks || !view || marks.round !== view.round) return new Map();
  return new Map((marks.moves || []).map((m) => [m.entry, m.reason]));
}

/** This round's public log as sentences, the last move first (what a player who looked away missed). */
export function roundMoves(state) {
  const view = state.view;
  const marks = standIns(state);
  // each entry as its event said it: a move the computer made for a person says so
  const log = ((view && view.log) || []).map((e, i) => (marks.has(i) ? { ...e, stand_in: marks.get(i) } : e));
  // a play that scored already says so ("… e marcou 10"): its score entry is not repeated
  const said = (entry, i) => {
    const before = log[i - 1];
    return (
      entry.type === "score" && before && before.type === "play" && before.points === entry.points &&
      sideOf(view.rules, before.seat) === entry.side
    );
  };
  return log
    .filter((entry, i) => !said(entry, i))
    .map((entry) => describeEvent(state, entry))
    .filter(Boolean)
    .reverse();
}

/** The text of `key`'s `.{variant}` form where `use` holds and it has one, else of `key`
 * ("" where neither has a text). */
function textOf(key, variant, use) {
  const special = `${key}.${variant}`;
  if (use && t(special) !== special) return t(special);
  return t(key) === key ? "" : t(key);
}

/** Scoring family of a view's rules, naming the explanation texts. */
function scoringOf(rules) {
  if (!rules) return "standard";
  if (rules.scoring) return rules.scoring;
  if (rules.preset === "classic" || rules.preset === "caribbean" || rules.preset === "fives") return rules.preset;
  return "standard";
}

/**
 * The round-over screen's text: {title, headline, points, explain, sum, pips, fives, score}.
 * `result` is a view's `result` (or an entry of `rounds`), `round` its number.
 */
export function explainRound(state, result, round) {
  const rules = state.view && state.view.rules;
  const winner = result.winner;
  const out = { title: t("round.over", { n: round }), headline: "", points: "", explain: "", pips: [], fives: "" };
  if (result.result === "domino") out.headline = t("round.domino", { name: winner === null ? "?" : dominoName(state, result) });
  else if (result.result === "blocked") out.headline = t("round.blocked");
  else if (result.result === "goal") out.headline = t("round.goal", { name: winner === null ? "?" : sideSubject(state, winner) });
  // in fives points scored during the round stay: only the end-of-round award is at stake
  // here, and a round that ended at the goal has none
  const fives = scoringOf(rules) === "fives";
  if (result.result === "unfinished") out.points = textOf("round.cutShort", "fives", fives); // resigned, annulled
  else if (result.result === "goal") out.points = "";
  else if (winner === null || winner === undefined) out.points = textOf("round.noWinner", "fives", fives);
  else out.points = t(fives ? "round.pointsEnd" : "round.points", { name: sideSubject(state, winner), n: result.points ?? 0 });
  const teamsBlocked = result.result === "blocked" && rules && rules.teams;
  if (result.batida) {
    // batida scoring (RULES.md §6b): the headline names how the winner went out
    // ("para a sua dupla": not sideSubject's "Sua dupla", which opens a sentence)
    const teamSeat = rules && rules.teams && state.seat !== null && state.seat !== undefined;
    const side = teamSeat
      ? t(sideOf(rules, state.seat) === winner ? "round.batidaUs" : "round.batidaThem")
      : sideSubject(state, winner);
    out.headline = t("round.batida", { kind: t(`batida.${result.batida}`), n: result.points ?? 0, side });
    out.points = ""; // (the headline says who scores how much: not said twice)
    out.explain = t(`round.explain.batida.${result.batida}`);
  } else if (result.result === "goal") out.explain = t("round.explain.goal");
  else {
    // the wording for teams (a blocked round) or without partners, where it differs; a
    // round cut short (resigned, annulled) has no rule to explain
    const key = `round.explain.${scoringOf(rules)}.${result.result}`;
    out.explain = teamsBlocked ? textOf(key, "teams", true) : textOf(key, "solo", rules && !rules.teams);
  }
  // with teams a blocked round goes by both hands of each team together: say their totals
  out.teams = "";
  if (teamsBlocked && (result.pips || []).length) {
    const totals = [0, 0];
    result.pips.forEach((n, seat) => {
      totals[sideOf(rules, seat)] += n;
    });
    out.teams = t("round.teamPips", { list: totals.map((n, side) => sideScore(state, side, n)).join(", ") });
  }
  out.pips = (result.pips || []).map((n, seat) => t("round.pips", { name: seatLabel(state, seat), n }));
  out.sum = result.result === "goal" ? "" : scoreSum(state, result);
  if (result.fives && result.fives.length) {
    const bySide = new Map();
    for (const [side, pts] of result.fives) bySide.set(side, (bySide.get(side) || 0) + pts);
    const list = [...bySide.entries()].map(([side, pts]) => `${isolate(sideName(state, side))} +${pts}`).join(", ");
    out.fives = t("round.fives", { list });
  }
  const v = state.view;
  if (v && v.scores && rules) {
    const score = v.scores.map((n, side) => sideScore(state, side, n)).join(" · ");
    out.score = t("round.score", { score, goal: rules.goal });
  } else out.score = "";
  return out;
}

/**
 * The round's award written as the sum behind it ("16 (Ana) + 25 (Nino) = 41 → 40"), as
 * RULES.md §6 counts it: going out takes the other side's hands (caribbean with teams:
 * all four); a blocked round, classic: the other side's hands, caribbean: as going out,
 * the others (draw, block, fives): the other side's hands minus the winner's side's.
 * "" when that count does not give the server's number (a rule this does not know).
 */
export function scoreSum(state, result) {
  const rules = state.view && state.view.rules;
  const pips = result.pips || [];
  const winner = result.winner;
  if (!rules || winner === null || winner === undefined || !pips.length || !result.points) return "";
  const family = scoringOf(rules);
  if (family === "batida") return ""; // batida awards are not sums of pips
  const seats = pips.map((_, seat) => seat);
  const mine = seats.filter((s) => sideOf(rules, s) === winner);
  const theirs = seats.filter((s) => sideOf(rules, s) !== winner);
  let plus = theirs;
  let minus = [];
  if (family === "caribbean") plus = rules.teams ? seats : theirs;
  else if (result.result === "blocked" && family !== "classic") minus = mine;
  const term = (s) => `${pips[s]} (${seatLabel(state, s)})`;
  const total = (list) => list.reduce((acc, s) => acc + pips[s], 0);
  const raw = total(plus) - total(minus);
  const award = family === "fives" ? Math.round(raw / 5) * 5 : raw;
  if (!plus.length || award !== result.points) return "";
  let text = plus.map(term).join(" + ");
  const group = (list) => (list.length > 1 ? `(${list.map(term).join(" + ")})` : term(list[0]));
  if (minus.length) text = `${group(plus)} − ${group(minus)}`;
  if (plus.length > 1 || minus.length) text += ` = ${raw}`;
  if (award !== raw) text += ` → ${t("round.rounded", { n: award })}`;
  return t("round.sum", { sum: text });
}

/** Who went out: the seat with an empty hand if known, else the winning side's name. */
function dominoName(state, result) {
  const hands = result.hands || [];
  const seat = hands.findIndex((h) => h.length === 0);
  return seat >= 0 ? seatName(state, seat) : sideSubject(state, result.winner);
}

/** The match-over screen's text: {headline, reason, score}. */
export function explainMatch(state) {
  const v = state.view;
  const rules = v.rules;
  let headline;
  if (v.winner === null || v.winner === undefined) headline = t("match.noWinner");
  else if (state.seat !== null && sideOf(rules, state.seat) === v.winner) {
    // with teams the win is the team's, whichever partner went out last
    headline = t(rules.teams ? "match.teamWin" : "match.youWin");
  }
  else headline = t("match.winner", { name: sideSubject(state, v.winner) });
  // who left: the match's end among the events seen, else (after a reload, or in a replay)
  // at two seats without teams the one who did not win
  const end = [...(state.feed || [])].reverse().find((f) => f.event && f.event.type === "match_end");
  const loser = rules.seats === 2 && !rules.teams && (v.winner === 0 || v.winner === 1) ? 1 - v.winner : null;
  const seat = end && typeof end.event.seat === "number" ? end.event.seat : loser;
  const who = seat === null ? null : seatName(state, seat);
  let reason = v.end_reason ? t(`match.reason.${v.end_reason}`) : "";
  if (who && (v.end_reason === "resign" || v.end_reason === "absence")) {
    // our own leaving is said to us as ours ("Você desistiu."), as our moves are
    reason = seat === state.seat ? t(`match.reason.${v.end_reason}You`) : t(`match.reason.${v.end_reason}By`, { name: who });
  }
  const score = (v.scores || []).map((n, side) => sideScore(state, side, n)).join(" × ");
  return { headline, reason, score: t("match.final", { score }) };
}
