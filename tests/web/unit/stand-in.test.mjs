// The moves the computer made for a person (away, or their turn timer ran out) are said as
// the computer's, at the time (the event says `stand_in`) and in the round's history (the
// table summary's `stand_in` names the log entries), in both languages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLang } from "../../../web/i18n.js";
import { describeEvent, roundMoves, standIns } from "../../../web/explain.js";
import { initialState } from "../../../web/state.js";

const seats = [
  { seat: 0, name: "Ana", kind: "human", bot: null, connected: true, creator: true, away: null },
  { seat: 1, name: "Bia", kind: "human", bot: null, connected: true, creator: false, away: null },
];
const rules = { preset: "classic", seats: 2, goal: 100, teams: false, scoring: "classic" };
const log = [
  { type: "play", seat: 0, tile: "6-6", end: null, points: 0 },
  { type: "play", seat: 1, tile: "6-4", end: "L", points: 0 },
  { type: "pass", seat: 0 },
  { type: "play", seat: 1, tile: "4-4", end: "L", points: 0 },
  { type: "play", seat: 0, tile: "6-3", end: "R", points: 0 },
];

function at(seat, marks, round = 2) {
  const table = { id: "t", status: "playing", rules, pace: "live", seats, stand_in: { round, moves: marks } };
  return { ...initialState("t", seat), table, view: { seat, rules, round: 2, log, turn: 1, round_over: false, over: false } };
}

test("a move the computer made for a person is said as the computer's, for them or by name", () => {
  setLang("pt-BR");
  const mine = at(0, []);
  const theirs = at(1, []);
  const play = { type: "play", seat: 0, tile: "6-4", end: "L", points: 10, stand_in: "away" };
  assert.equal(describeEvent(mine, play), "O computador jogou 6-4 por você na ponta esquerda e marcou 10.");
  assert.equal(describeEvent(theirs, play), "O computador jogou 6-4 por Ana na ponta esquerda e marcou 10.");
  assert.equal(describeEvent(mine, { type: "pass", seat: 0, stand_in: "timeout" }), "O computador passou por você.");
  const draw = { type: "draw", seat: 0, count: 1, stand_in: "timeout" };
  assert.equal(describeEvent(theirs, draw), "O computador comprou 1 pedra por Ana.");
  assert.equal(describeEvent(mine, draw, ["3-1"]), "O computador comprou 3-1 por você.");
  // the player's own move is theirs
  assert.equal(describeEvent(mine, { type: "play", seat: 0, tile: "6-6", end: null, points: 0 }), "Você jogou 6-6.");
  setLang("en");
  assert.equal(describeEvent(mine, play), "The computer played 6-4 for you on the left end and scored 10.");
  assert.equal(describeEvent(theirs, { ...draw, count: 2 }), "The computer drew 2 tiles for Ana.");
  assert.equal(describeEvent(theirs, { type: "pass", seat: 0, stand_in: "away" }), "The computer passed for Ana.");
});

test("the round's history says which moves the computer made, from the table summary", () => {
  setLang("pt-BR");
  const marks = [{ entry: 2, reason: "away" }, { entry: 0, reason: "timeout" }];
  assert.deepEqual(roundMoves(at(0, marks)), [
    "Você jogou 6-3 na ponta direita.",
    "Bia jogou 4-4 na ponta esquerda.",
    "O computador passou por você.",
    "Bia jogou 6-4 na ponta esquerda.",
    "O computador jogou 6-6 por você.",
  ]);
  assert.deepEqual(roundMoves(at(1, marks)).slice(2), ["O computador passou por Ana.", "Você jogou 6-4 na ponta esquerda.", "O computador jogou 6-6 por Ana."]);
  // marks about another round (the summary not come yet with the new one) are not this log's
  assert.equal(standIns(at(0, marks, 1)).size, 0);
  assert.deepEqual(roundMoves(at(0, marks, 1)).slice(-1), ["Você jogou 6-6."]);
  // a page that has no summary yet (or an older server's) says the moves as before
  assert.equal(standIns({ ...at(0, marks), table: null }).size, 0);
});
