/**
 * Seats and sides of a table as the screen names them: which side a seat scores for,
 * how many sides there are, and the display names of seats, sides and teams.
 * Pure: reads the client's state (state.js), no DOM.
 */

import { isolate, t } from "./i18n.js";
import { seatNames } from "./seats.js";

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

/**
 * A seat's name as a label (a score, a column, a hand's row), not a sentence's subject:
 * our own seat, if we typed no name, is "Você" ("Placar: Jogador 0 · Rabisco 1" read as
 * someone else's score); a sentence keeps the name ("You scores" is no English).
 */
export function seatLabel(state, seat) {
  const name = seatName(state, seat);
  const seats = (state.table && state.table.seats) || [];
  const mine = seats.find((x) => x.seat === seat && x.kind === "human");
  return mine && seat === state.seat && name === t("home.namePlaceholder") ? t("home.you") : name;
}

/** A side as a label: "Nós"/"Eles" for teams, else the seat's label (`seatLabel`). */
export function sideLabel(state, side) {
  const rules = state.view && state.view.rules;
  return rules && rules.teams ? sideName(state, side) : seatLabel(state, side);
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

/** A side's name and its points, "Ana 10" (isolated name), or "Dupla 1: 10" where the
 * name ends in a number of its own, which the points would run into. */
export function sideScore(state, side, n) {
  const name = sideLabel(state, side);
  return `${isolate(name)}${/\d$/.test(name) ? ":" : ""} ${n}`;
}

/** A side named as a sentence's subject: "Sua dupla" / "A dupla adversária" for teams
 * (the short "Nós"/"Eles" labels do not agree with a verb), else the seat's name. */
export function sideSubject(state, side) {
  const rules = state.view && state.view.rules;
  if (!rules || !rules.teams || state.seat === null || state.seat === undefined) return sideName(state, side);
  return side === sideOf(rules, state.seat) ? t("table.teamUsSubject") : t("table.teamThemSubject");
}

/**
 * The seats of a new table for the same players, seen from `mySeat` (who makes it and
 * takes its seat 0): the new seat j is the old seat `mySeat + j`, so everyone keeps their
 * place around the table. `bots`: the level for each new seat (null for ours; a person's
 * seat gets the level that will hold it if they do not come), and with `teams` the old
 * seat of our `partner` (across: new seat 2).
 */
export function rematchSeats(seats, mySeat, teams) {
  const n = seats.length;
  const from = (j) => seats[(mySeat + j) % n];
  const bots = seats.map((_, j) => (j === 0 ? null : from(j).bot || "nino"));
  return { bots, partner: teams && n === 4 ? from(2) : null };
}
