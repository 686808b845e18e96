// The moves a bot made in the seat it kept for a friend (RULES.md §10 Seats and bots): once
// the friend has the seat, the round's history says them as the computer's, made before they
// came (the table summary's `stand_in` "held"), not as the friend's own; while the bot still
// holds the seat they are its own, by its name, as any bot's. In both languages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLang } from "../../../web/i18n.js";
import { describeEvent, roundMoves } from "../../../web/explain.js";
import { initialState } from "../../../web/state.js";

const ana = { seat: 0, name: "Ana", kind: "human", bot: null, connected: true, creator: true, away: null };
const bia = { seat: 1, name: "Bia", kind: "human", bot: null, connected: true, creator: false, away: null };
// Nino keeps seat 1: for nobody yet, or for Bia, on her way (the summary has her name then)
const nino = { ...bia, name: "Nino", kind: "bot", bot: "nino", connected: false };
const waiting = { ...nino, name: "Bia" };
const rules = { preset: "classic", seats: 2, goal: 100, teams: false, scoring: "classic" };
const log = [
  { type: "play", seat: 0, tile: "6-6", end: null, points: 0 },
  { type: "play", seat: 1, tile: "6-4", end: "L", points: 10 },
  { type: "play", seat: 0, tile: "6-3", end: "R", points: 0 },
  { type: "draw", seat: 1, count: 1 },
  { type: "pass", seat: 1 },
  { type: "play", seat: 0, tile: "3-3", end: "R", points: 0 },
  { type: "play", seat: 1, tile: "4-4", end: "L", points: 0 },
];
const held = [1, 3, 4].map((entry) => ({ entry, reason: "held" }));

function at(seat, second, marks = held) {
  const table = { id: "t", status: "playing", rules, pace: "live", seats: [ana, second], stand_in: { round: 1, moves: marks } };
  return { ...initialState("t", seat), table, view: { seat, rules, round: 1, log, turn: 0, round_over: false, over: false } };
}

test("once a friend has the seat, the moves its bot made there are the computer's, before they came", () => {
  setLang("pt-BR");
  assert.deepEqual(roundMoves(at(0, bia)), [
    "Bia jogou 4-4 na ponta esquerda.",
    "Você jogou 3-3 na ponta direita.",
    "O computador passou no lugar de Bia, antes de Bia chegar.",
    "O computador comprou 1 pedra no lugar de Bia, antes de Bia chegar.",
    "Você jogou 6-3 na ponta direita.",
    "O computador jogou 6-4 na ponta esquerda e marcou 10 no lugar de Bia, antes de Bia chegar.",
    "Você jogou 6-6.",
  ]);
  assert.deepEqual(roundMoves(at(1, bia)).filter((line) => line.startsWith("O computador")), [
    "O computador passou no seu lugar, antes de você chegar.",
    "O computador comprou 1 pedra no seu lugar, antes de você chegar.",
    "O computador jogou 6-4 na ponta esquerda e marcou 10 no seu lugar, antes de você chegar.",
  ]);
  assert.equal(roundMoves(at(1, bia))[0], "Você jogou 4-4 na ponta esquerda.");
  const drew = { type: "draw", seat: 1, count: 2, stand_in: "held" };
  assert.equal(describeEvent(at(0, bia), drew), "O computador comprou 2 pedras no lugar de Bia, antes de Bia chegar.");
  setLang("en");
  assert.deepEqual(roundMoves(at(0, bia)).slice(2, 6), [
    "The computer passed in Bia's seat, before Bia arrived.",
    "The computer drew 1 tile in Bia's seat, before Bia arrived.",
    "You played 6-3 on the right end.",
    "The computer played 6-4 on the left end and scored 10 in Bia's seat, before Bia arrived.",
  ]);
  assert.equal(describeEvent(at(1, bia), drew), "The computer drew 2 tiles in your seat, before you arrived.");
  assert.equal(describeEvent(at(1, bia), { type: "pass", seat: 1, stand_in: "held" }), "The computer passed in your seat, before you arrived.");
});

test("while the bot holds the seat its moves are its own, by its name", () => {
  setLang("pt-BR");
  const nino0 = roundMoves(at(0, nino, []));
  assert.equal(nino0[nino0.length - 2], "Nino jogou 6-4 na ponta esquerda e marcou 10.");
  // a friend on the way (the bot finishes its turn): held marks, the bot's name still
  for (const seat of [0, 1]) {
    const lines = roundMoves(at(seat, waiting));
    assert.equal(lines[lines.length - 2], "Nino jogou 6-4 na ponta esquerda e marcou 10.");
    assert.equal(lines.filter((line) => line.startsWith("O computador")).length, 0);
  }
  const play = { type: "play", seat: 1, tile: "5-4", end: "R", points: 0, stand_in: "held" };
  assert.equal(describeEvent(at(1, waiting), play), "Nino jogou 5-4 na ponta direita.");
  setLang("en");
  assert.equal(describeEvent(at(0, waiting), play), "Nino played 5-4 on the right end.");
});
