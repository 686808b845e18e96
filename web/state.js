/**
 * The client's picture of one table, and what follows from it.
 *
 * `reduce(state, frame)` folds one server frame (DESIGN.md §2) into a new
 * state object; the selectors below answer what the screen needs (whose
 * turn, what the main button does, how a round was scored). Pure: no DOM,
 * no sockets, node-testable.
 */

import { pointsLine } from "./experience.js";
import { t } from "./i18n.js";
import { seatNames } from "./seats.js";
import { sameTile } from "./tiles.js";

/** A fresh state for a table, before any frame. */
export function initialState(tableId = null, seat = null) {
  return {
    tableId,
    seat, // our seat, or null as a spectator
    seq: 0, // last table event number seen
    table: null, // table summary
    view: null, // our view
    pending: {}, // command id → command sent, waiting for accepted/rejected
    lastRejection: null, // {id, code, reason}
    feed: [], // table events received since the last snapshot (newest last), at most 50
    ranking: null, // the match's `ranking` event (experience points), once seen
  };
}

/** The match's experience points as a `ranking` event: from the table summary once the
 * match is over (so a reload or a late spectator has them too), else what we had. */
function rankingOf(table, state) {
  return table && table.ranking ? { type: "ranking", ...table.ranking } : state.ranking;
}

/**
 * Our view with an event's `patch` applied (a socket opened with `view=patch` gets one
 * after its first whole view): the top-level keys it holds replace ours, `log_append`
 * adds entries to the end of the log and `rounds_append` results to the end of `rounds`.
 * A new object; `view` is unchanged.
 */
export function applyPatch(view, patch) {
  if (!view) return view;
  const { log_append: log, rounds_append: rounds, ...changed } = patch;
  const next = { ...view, ...changed };
  if (log) next.log = [...(next.log || []), ...log];
  if (rounds) next.rounds = [...(next.rounds || []), ...rounds];
  return next;
}

/**
 * Fold one server frame into the state. Unknown frames leave it unchanged.
 * Events at or below the last seen sequence number are ignored (a resume
 * may repeat them), except that a repeated one still carrying a view updates it
 * and a repeated `ranking` event is kept. The table summary of a finished match
 * also carries the ranking.
 */
export function reduce(state, frame) {
  switch (frame && frame.type) {
    case "welcome":
      return { ...state, seat: frame.seat ?? null, table: frame.table ?? state.table, ranking: rankingOf(frame.table, state) };
    case "snapshot":
      return {
        ...state,
        seq: frame.seq ?? state.seq,
        table: frame.table ?? state.table,
        view: frame.view ?? state.view,
        feed: [],
        ranking: rankingOf(frame.table, state),
      };
    case "event": {
      const ranking = frame.event && frame.event.type === "ranking" ? frame.event : state.ranking;
      const view = frame.patch ? applyPatch(state.view, frame.patch) : frame.view ?? state.view;
      if (typeof frame.seq === "number" && frame.seq <= state.seq) {
        return view !== state.view || ranking !== state.ranking ? { ...state, view, ranking } : state;
      }
      const feed = [...state.feed, { seq: frame.seq, event: frame.event }].slice(-50);
      return { ...state, seq: frame.seq ?? state.seq, view, feed, ranking };
    }
    case "table":
      return { ...state, table: frame.table ?? state.table, ranking: rankingOf(frame.table, state) };
    case "accepted": {
      const pending = { ...state.pending };
      delete pending[frame.id];
      return { ...state, pending };
    }
    case "rejected": {
      const pending = { ...state.pending };
      delete pending[frame.id];
      return { ...state, pending, lastRejection: { id: frame.id, code: frame.code, reason: frame.reason } };
    }
    case "error":
      return { ...state, lastRejection: { id: null, code: frame.code, reason: frame.detail } };
    default:
      return state;
  }
}

/** Record a command as sent and not yet answered. */
export function withPending(state, command) {
  return { ...state, pending: { ...state.pending, [command.id]: command } };
}

/** True while a play/draw/pass/next_round of ours waits for its answer. */
export function moveInFlight(state) {
  return Object.values(state.pending).some((c) => ["play", "draw", "pass", "next_round"].includes(c.type));
}

/** Number of sides scoring: 2 with teams, else one per seat. */
export function sideCount(rules) {
  return rules && rules.teams ? 2 : (rules ? rules.seats : 0);
}

/** The side a seat scores for. */
export function sideOf(rules, seat) {
  return rules && rules.teams ? seat % 2 : seat;
}

/** Whether another person holds a seat of this table (not only bots and us). */
export function withFriends(state) {
  const table = state.table;
  return Boolean(table && table.seats.some((s) => s.kind === "human" && s.seat !== state.seat));
}

/**
 * Display name of a seat: the table's name, or the bot's (two bots of one level get
 * names a player tells apart: "Nino", "Nina"), or "Cadeira n" (seats.js `seatNames`).
 */
export function seatName(state, seat) {
  if (seat === null || seat === undefined) return "?";
  const seats = (state.table && state.table.seats) || [];
  const i = seats.findIndex((x) => x.seat === seat);
  if (i < 0) return t("home.seatN", { n: seat + 1 });
  return seatNames(seats)[i];
}

/** Display name of a side: a seat's name, or the team's ("Nós"/"Eles" for the viewer). */
export function sideName(state, side) {
  const rules = state.view && state.view.rules;
  if (!rules || !rules.teams) return seatName(state, side);
  if (state.seat !== null && state.seat !== undefined) {
    return side === sideOf(rules, state.seat) ? t("table.teamUs") : t("table.teamThem");
  }
  return t("table.team", { n: side + 1 });
}

/** A side named as a sentence's subject: "Sua dupla" / "A dupla adversária" for teams
 * (the short "Nós"/"Eles" labels do not agree with a verb), else the seat's name. */
export function sideSubject(state, side) {
  const rules = state.view && state.view.rules;
  if (!rules || !rules.teams || state.seat === null || state.seat === undefined) return sideName(state, side);
  return side === sideOf(rules, state.seat) ? t("table.teamUsSubject") : t("table.teamThemSubject");
}

/** Whether it is our turn to play in the current round. */
export function isMyTurn(state) {
  const v = state.view;
  return Boolean(v && !v.round_over && !v.over && state.seat !== null && v.turn === state.seat);
}

/** The tab's title: it says when the table waits for our move, so a tab in the background shows it. */
export function pageTitle(state) {
  return isMyTurn(state) ? `${t("title.yourTurn")} · ${t("app.title")}` : t("app.title");
}

/**
 * Our hand with what each tile may do: [{tile, playable, targets: [{end, points}]}]
 * (targets empty when the tile does not fit or it is not our turn).
 */
export function handModel(view) {
  if (!view || !view.hand) return [];
  const plays = (view.legal || []).filter((m) => m.type === "play");
  return view.hand.map((tile) => {
    const targets = plays
      .filter((m) => sameTile(m.tile, tile))
      .map((m) => ({ end: m.end ?? null, points: m.points ?? null }));
    return { tile, playable: targets.length > 0, targets };
  });
}

/**
 * What the main button does now: {kind, label, enabled}, kind one of
 * "start", "draw", "pass", "next_round", "play" (pick a tile), "wait", "none".
 */
export function mainAction(state) {
  const { view, table } = state;
  const status = table && table.status;
  if (!view || status === "waiting") {
    const me = table && table.seats && table.seats.find((s) => s.seat === state.seat);
    if (status === "waiting" && me && me.creator) {
      return { kind: "start", label: t("action.start"), enabled: true };
    }
    return { kind: "wait", label: t("action.waitStart"), enabled: false };
  }
  if (view.over) return { kind: "none", label: "", enabled: false };
  if (view.round_over) {
    return { kind: "next_round", label: t("action.nextRound"), enabled: state.seat !== null };
  }
  if (isMyTurn(state)) {
    const legal = view.legal || [];
    if (legal.some((m) => m.type === "draw")) return { kind: "draw", label: t("action.draw"), enabled: true };
    if (legal.some((m) => m.type === "pass")) return { kind: "pass", label: t("action.pass"), enabled: true };
    return { kind: "play", label: t("action.play"), enabled: false };
  }
  return { kind: "wait", label: t("action.wait", { name: seatName(state, view.turn) }), enabled: false };
}

/** Seconds left before `deadline` (ISO string) at time `now` (ms), or null. */
export function secondsLeft(deadline, now) {
  if (!deadline) return null;
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** "m:ss" for a number of seconds. */
export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A sentence for one public event (log or table entry), for the live region. */
export function describeEvent(state, event) {
  if (!event) return "";
  const name = event.seat !== undefined && event.seat !== null ? seatName(state, event.seat) : "";
  switch (event.type) {
    case "play": {
      const where = event.end ? t("log.playWhere", { end: t(`table.end.${event.end}`) }) : "";
      const points = event.points ? t("log.points", { n: event.points }) : "";
      return t("log.play", { name, tile: event.tile, where, points });
    }
    case "draw":
      return t("log.draw", { name, n: event.count ?? 1 });
    case "pass":
      return t("log.pass", { name });
    case "score":
      return t("log.score", { name: sideSubject(state, event.side), n: event.points });
    case "round_start":
      return t("log.round_start", { n: event.round ?? (state.view ? state.view.round : "") });
    case "connection":
      return t("log.connection", {
        name,
        state: event.connected ? t("table.connected") : t("table.disconnected"),
      });
    case "seat_bot":
      // bots seated at the start are on the seat bar; only a person leaving is news
      return event.reason === "start" ? "" : t("log.seat_bot", { name });
    case "seat_joined":
      // the seat still shows its bot's name until the summary comes: say the one who sat
      return t("log.seat_joined", { name: event.name || name });
    case "round_end":
    case "started":
    case "seat_human":
    case "annulment_proposed":
    case "annulment_vote":
    case "match_end":
      return t(`log.${event.type}`, { name });
    case "ranking":
      return pointsLine(event, state.seat, (seat) => seatName(state, seat));
    default:
      return "";
  }
}

/** This round's public log as sentences, the last move first (what a player who looked away missed). */
export function roundMoves(state) {
  const view = state.view;
  const log = (view && view.log) || [];
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
  if (winner === null || winner === undefined) out.points = t("round.noWinner");
  else out.points = t("round.points", { name: sideSubject(state, winner), n: result.points ?? 0 });
  const teamsBlocked = result.result === "blocked" && rules && rules.teams;
  if (result.batida) {
    // batida scoring (RULES.md §6b): the headline names how the winner went out
    const side = rules && rules.teams ? t("round.batidaTeam") : sideSubject(state, winner);
    out.headline = t("round.batida", { kind: t(`batida.${result.batida}`), n: result.points ?? 0, side });
    out.explain = t(`round.explain.batida.${result.batida}`);
  } else if (result.result === "goal") out.explain = t("round.explain.goal");
  else if (teamsBlocked && t(`round.explain.${scoringOf(rules)}.blocked.teams`) !== `round.explain.${scoringOf(rules)}.blocked.teams`) {
    out.explain = t(`round.explain.${scoringOf(rules)}.blocked.teams`);
  } else {
    // a round cut short (resigned, annulled) has no rule to explain
    const key = `round.explain.${scoringOf(rules)}.${result.result}`;
    out.explain = t(key) === key ? "" : t(key);
  }
  // with teams a blocked round goes by both hands of each team together: say their totals
  out.teams = "";
  if (teamsBlocked && (result.pips || []).length) {
    const totals = [0, 0];
    result.pips.forEach((n, seat) => {
      totals[sideOf(rules, seat)] += n;
    });
    out.teams = t("round.teamPips", { list: totals.map((n, side) => `${sideName(state, side)} ${n}`).join(", ") });
  }
  out.pips = (result.pips || []).map((n, seat) => t("round.pips", { name: seatName(state, seat), n }));
  out.sum = result.result === "goal" ? "" : scoreSum(state, result);
  if (result.fives && result.fives.length) {
    const bySide = new Map();
    for (const [side, pts] of result.fives) bySide.set(side, (bySide.get(side) || 0) + pts);
    const list = [...bySide.entries()].map(([side, pts]) => `${sideName(state, side)} +${pts}`).join(", ");
    out.fives = t("round.fives", { list });
  }
  const v = state.view;
  if (v && v.scores && rules) {
    const score = v.scores.map((n, side) => `${sideName(state, side)} ${n}`).join(" · ");
    out.score = t("round.score", { score, goal: rules.goal });
  } else out.score = "";
  return out;
}

/**
 * The round's award written as the sum behind it ("16 (Ana) + 25 (Nino) = 41 → 40"),
 * or "" when no way of counting the shown hands gives the server's number.
 * The candidates are the ways RULES.md §6 counts: the losing side's hands, every
 * other hand, every hand, and those minus the winner's own.
 */
export function scoreSum(state, result) {
  const rules = state.view && state.view.rules;
  const pips = result.pips || [];
  const winner = result.winner;
  if (!rules || winner === null || winner === undefined || !pips.length || !result.points) return "";
  if (scoringOf(rules) === "batida") return ""; // batida awards are not sums of pips
  const seats = pips.map((_, seat) => seat);
  const out = result.result === "domino" ? (result.hands || []).findIndex((h) => h.length === 0) : -1;
  const mine = seats.filter((s) => sideOf(rules, s) === winner);
  const theirs = seats.filter((s) => sideOf(rules, s) !== winner);
  const others = out >= 0 ? seats.filter((s) => s !== out) : theirs;
  const fives = scoringOf(rules) === "fives";
  const round5 = (n) => Math.round(n / 5) * 5;
  const term = (s) => `${pips[s]} (${seatName(state, s)})`;
  const total = (list) => list.reduce((acc, s) => acc + pips[s], 0);
  const candidates = [
    { plus: theirs, minus: [] },
    { plus: others, minus: [] },
    { plus: seats, minus: [] },
    { plus: theirs, minus: mine },
  ];
  for (const { plus, minus } of candidates) {
    if (!plus.length) continue;
    const raw = total(plus) - total(minus);
    const award = fives ? round5(raw) : raw;
    if (award !== result.points) continue;
    let text = plus.map(term).join(" + ");
    if (minus.length) text = `(${text}) − ${minus.length > 1 ? `(${minus.map(term).join(" + ")})` : term(minus[0])}`;
    if (plus.length > 1 || minus.length) text += ` = ${raw}`;
    if (award !== raw) text += ` → ${t("round.rounded", { n: award })}`;
    return t("round.sum", { sum: text });
  }
  return "";
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
  else if (state.seat !== null && sideOf(rules, state.seat) === v.winner) headline = t("match.youWin");
  else headline = t("match.winner", { name: sideSubject(state, v.winner) });
  // who left, when the match's end is among the events seen (not after a reload)
  const end = [...state.feed].reverse().find((f) => f.event && f.event.type === "match_end");
  const who = end && typeof end.event.seat === "number" ? seatName(state, end.event.seat) : null;
  let reason = v.end_reason ? t(`match.reason.${v.end_reason}`) : "";
  if (who && (v.end_reason === "resign" || v.end_reason === "absence")) {
    reason = t(`match.reason.${v.end_reason}By`, { name: who });
  }
  const score = (v.scores || []).map((n, side) => `${sideName(state, side)} ${n}`).join(" × ");
  return { headline, reason, score: t("match.final", { score }) };
}
