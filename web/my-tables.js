/**
 * "Suas mesas" on the home page, the pure part: what each row says and their order
 * (the ones waiting for your move first), from the server's list
 * (GET /api/tables?id=…). Drawn by my-tables-view.js. No DOM: node-testable.
 */

import { isolate, t } from "./i18n.js";
import { seatName, sideOf } from "./sides.js";
import { serverNow } from "./server-clock.js";

/** Most rows shown: your turn, then matches going on, then waiting, then finished. */
export const MAX_ROWS = 8;

const RANK = { turn: 0, playing: 1, waiting: 2, finished: 3 };

/**
 * One row of the list, for the seat we hold at the listed table
 * (`listing`: {table, round, turn, scores, winner} from the server):
 * {id, state: "turn"|"playing"|"waiting"|"finished", title, others, status, score}.
 */
export function describeTable(listing, seat, now = serverNow()) {
  const table = listing.table;
  const rules = table.rules;
  const named = { table };
  const others = table.seats
    .filter((s) => s.seat !== seat && s.kind !== "empty")
    .map((s) => seatName(named, s.seat));
  let state = "playing";
  let status;
  if (table.status === "waiting") {
    state = "waiting";
    status = t("mine.waiting");
  } else if (table.status === "finished") {
    state = "finished";
    const w = listing.winner;
    const won = rules.teams ? t("mine.wonTeam") : t("mine.won");
    status = w === null || w === undefined ? t("mine.ended") : w === sideOf(rules, seat) ? won : t("mine.lost");
  } else if (listing.turn === seat) {
    state = "turn";
    status = t("mine.yourTurn");
  } else if (listing.turn === null || listing.turn === undefined) {
    status = t("mine.betweenRounds");
  } else {
    status = t("mine.theirTurn", { name: seatName(named, listing.turn) });
  }
  let score = "";
  if (listing.scores && table.status !== "waiting") {
    const mine = sideOf(rules, seat);
    const theirs = listing.scores.filter((_, side) => side !== mine);
    score = t("mine.score", { mine: listing.scores[mine], theirs: theirs.join(" × ") });
  }
  // at your own pace: how long the seat on turn has before the others may claim the match
  let due = "";
  const end = table.deadline ? Date.parse(table.deadline) : NaN;
  // (a partner's absence is not ours to claim: our own side would lose)
  const partner = state !== "turn" && listing.turn !== null && listing.turn !== undefined &&
    sideOf(rules, listing.turn) === sideOf(rules, seat);
  if (table.pace === "correspondence" && table.status === "playing" && !Number.isNaN(end) && listing.turn !== null && !partner) {
    const left = end - now;
    if (state === "turn") due = left > 0 ? t("mine.dueYou", { left: timeLeft(left) }) : t("mine.lateYou");
    else due = left > 0 ? t("mine.dueThem", { left: timeLeft(left) }) : t("mine.lateThem");
  }
  return {
    id: table.id,
    state,
    due,
    title: `${t(`preset.${rules.preset}`)} · ${t("mine.goal", { n: rules.goal })}`,
    others: others.length ? t("mine.with", { names: others.map(isolate).join(", ") }) : "",
    status,
    score,
  };
}

/** A time span in words, to the largest unit or two: "1 dia 20 h", "5 h", "12 min". */
export function timeLeft(ms) {
  const minutes = Math.max(1, Math.ceil(ms / 60000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return hours ? `${t("time.days", { n: days })} ${hours} h` : t("time.days", { n: days });
  if (hours) return `${hours} h`;
  return `${minutes} min`;
}

/** `rows` your turn first, then going on, waiting, finished; newer tables (later in `ids`) first within each. */
export function orderTables(rows, ids) {
  const age = new Map(ids.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => RANK[a.state] - RANK[b.state] || (age.get(b.id) ?? 0) - (age.get(a.id) ?? 0));
}
