/**
 * The client's picture of one table, and what follows from it.
 *
 * `reduce(state, frame)` folds one server frame (DESIGN.md §2) into a new
 * state object; the selectors below answer what the screen needs (whose
 * turn, what the main button does). The names of seats and sides are in
 * sides.js, the sentences about events, rounds and the match in explain.js.
 * Pure: no DOM, no sockets, node-testable.
 */

import { t } from "./i18n.js";
import { seatName } from "./sides.js";
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
    case "yielded": // (the page's own: this socket gave the seat to a newer one, elsewhere)
      return { ...state, yielded: true };
    case "welcome":
      return { ...state, yielded: false, seat: frame.seat ?? null, table: frame.table ?? state.table, ranking: rankingOf(frame.table, state) };
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

/** Whether it is our turn to play in the current round. */
export function isMyTurn(state) {
  const v = state.view;
  return Boolean(v && !v.round_over && !v.over && state.seat !== null && v.turn === state.seat && !botPlaysMySeat(state) && !state.yielded);
}

/**
 * Whether a bot plays our seat right now: a friend who just took a bot's seat while that
 * bot was on turn (the seat is theirs right after its move), or a person back after being
 * away, until the seat is handed back. The move on turn is then not ours to make.
 */
export function botPlaysMySeat(state) {
  return Boolean(mySeat(state).bot);
}

/** Our seat in the table summary (`{}` for a spectator or before the summary came). */
export function mySeat(state) {
  const seats = (state.table && state.table.seats) || [];
  return (state.seat !== null && seats.find((s) => s.seat === state.seat)) || {};
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
  // the seat is played in another tab or on another device: nothing to do here but take it back
  if (state.yielded && !(view && view.over)) return { kind: "wait", label: t("action.elsewhere"), enabled: false };
  if (!view || status === "waiting") {
    const me = table && table.seats && table.seats.find((s) => s.seat === state.seat);
    if (status === "waiting" && me && me.creator) {
      const free = table.seats.some((s) => s.kind === "empty"); // a bot would take it
      return { kind: "start", label: t(free ? "action.start" : "action.startFull"), enabled: true };
    }
    // before the server's first word (a reload, a failover) nothing is known yet; a match
    // started without a view waits for its first deal
    const waitFor = !table ? "action.connecting" : status === "waiting" ? "action.waitStart" : "action.dealing";
    return { kind: "wait", label: t(waitFor), enabled: false };
  }
  if (view.over) return { kind: "none", label: "", enabled: false };
  if (view.round_over) {
    return { kind: "next_round", label: t("action.nextRound"), enabled: state.seat !== null };
  }
  if (view.turn === state.seat && botPlaysMySeat(state)) {
    // a bot's seat we took (it goes by the bot's name), or ours while we were away
    const label = mySeat(state).kind === "human" ? t("action.computerFinishes") : t("action.botFinishes", { name: seatName(state, state.seat) });
    return { kind: "wait", label, enabled: false };
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

/** The tiles in `after`'s hand that `before`'s did not hold (what a draw brought), in hand order. */
export function tilesGained(before, after) {
  const had = new Set((before && before.hand) || []);
  return ((after && after.hand) || []).filter((tile) => !had.has(tile));
}

/** The seats of other people whose connection changed between two table summaries (each
 * as it is in `after`); none when either is missing. Bots and our own seat are left out. */
export function connectionChanges(before, after, mySeat) {
  if (!before || !after) return [];
  const was = new Map((before.seats || []).map((s) => [s.seat, s]));
  return (after.seats || []).filter((s) => {
    const old = was.get(s.seat);
    return s.kind === "human" && s.seat !== mySeat && old && old.kind === "human" && old.connected !== s.connected;
  });
}
