// Stepping through a replay (a finished table's, or a record file's): its seats named as
// the table named them, each step said in words, and how the match ended: the pure parts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLang, t } from "../../../web/i18n.js";
import { describeStep, movesIn, replayState, stepFrom } from "../../../web/replay.js";
import { seatNames } from "../../../web/seats.js";
import { seatName } from "../../../web/sides.js";

setLang("pt-BR");

test("a replay names the seats as the table did", () => {
  const rules = { preset: "classic", seats: 4, teams: true, goal: 100 };
  // Bia's table: Caio took seat 2 from a bot; seats 1 and 3 stayed bots ("Nino 2", "Nino 4" before)
  const table = [
    { seat: 0, kind: "human", name: "Bia" },
    { seat: 1, kind: "bot", bot: "nino", name: "Nino" },
    { seat: 2, kind: "human", name: "Caio" },
    { seat: 3, kind: "bot", bot: "nino", name: "Nino" },
  ];
  const data = { rules, names: table.map((s) => s.name), seats: table, steps: [] };
  const named = (d) => [0, 1, 2, 3].map((seat) => seatName(replayState(d), seat));
  assert.deepEqual(named(data), seatNames(table));
  assert.deepEqual(named(data), ["Bia", "Nino", "Caio", "Nico"]);
  // the steps say them so too
  const step = { round: 1, move: 1, scores: [0, 0], events: [{ type: "play", seat: 3, tile: "6-6" }] };
  const said = describeStep({ ...data, steps: [{ round: 1, move: 0, scores: [0, 0], events: [] }, step] }, 1);
  assert.match(said, /Nico jogou 6-6/);
  // who held each seat is what counts, not the names: a person called Nino stays a person
  const seats = [table[0], table[1], { seat: 2, kind: "human", name: "Nino" }, table[3]];
  assert.deepEqual(named({ ...data, seats }), ["Bia", "Nino", "Nino 3", "Nico"]);
  // names alone (no seats) are people's names
  assert.deepEqual(named({ rules, names: ["Bia", "Nino", "Caio", "Nino"], steps: [] }), ["Bia", "Nino 2", "Caio", "Nino 4"]);
});

test("a record file names nobody: its players are Jogador 1.. / Player 1.., who play and score", () => {
  const rules = { preset: "classic", seats: 3, teams: false, goal: 100 };
  const file = { rules, names: null, seats: null };
  const named = () => [0, 1, 2].map((seat) => seatName(replayState(file), seat));
  const deal = { round: 1, move: 0, scores: [0, 0, 0], events: [] };
  const step = {
    round: 1, move: 1, scores: [0, 0, 0], events: [{ type: "play", seat: 1, tile: "6-6" }],
    round_over: true, result: { winner: 1, points: 20 },
  };
  const said = () => describeStep({ ...file, steps: [deal, step] }, 1);
  setLang("pt-BR");
  assert.deepEqual(named(), ["Jogador 1", "Jogador 2", "Jogador 3"]);
  assert.match(said(), /Jogador 2 jogou 6-6\..* Jogador 2 marca 20 pontos/);
  setLang("en"); // in the language of the moment
  assert.deepEqual(named(), ["Player 1", "Player 2", "Player 3"]);
  assert.match(said(), /Player 2 played 6-6\..* Player 2 scores 20 points/);
  setLang("pt-BR");
});

test("a replay's last step says how the match ended: a resignation, or the goal reached", () => {
  const rules = { preset: "classic", seats: 2, teams: false, goal: 100 };
  const seats = [{ seat: 0, kind: "human", name: "Ana" }, { seat: 1, kind: "human", name: "Bia" }];
  const deal = { round: 1, move: 0, scores: [0, 0], events: [] };
  const step = { round: 1, move: 1, scores: [0, 0], events: [{ type: "play", seat: 0, tile: "6-6" }], over: false };
  const data = { rules, seats, steps: [deal, step], outcome: { winner: 1, end_reason: "resign", scores: [0, 0] } };
  setLang("pt-BR");
  assert.match(describeStep(data, 1), /Ana jogou 6-6\..* Fim da partida\. Bia venceu a partida! Ana desistiu\. Placar final: Ana 0 × Bia 0\.$/);
  assert.doesNotMatch(describeStep(data, 0), /Fim da partida/); // only the last step
  // the goal reached: the server's outcome says so as well
  const won = { ...step, scores: [104, 0], over: true, winner: 0, round_over: true, result: { winner: 0, points: 104 } };
  const atGoal = { winner: 0, end_reason: "goal", scores: [104, 0], seat: null };
  assert.match(describeStep({ rules, seats, steps: [deal, won], outcome: atGoal }, 1), /Ana venceu a partida! .*Placar final: Ana 104 × Bia 0\.$/);
  // a record file names nobody, yet its end names who left: the seat, not the one who won
  const left = { rules: { ...rules, seats: 3 }, steps: [deal, step], outcome: { winner: 2, end_reason: "absence", scores: [0, 0, 0], seat: 1 } };
  assert.match(describeStep(left, 1), /Jogador 3 venceu a partida! Jogador 2 ficou ausente tempo demais e perdeu\./);
  // a resignation right after a deal: the deal is the last step, and says how it ended
  assert.match(describeStep({ ...data, steps: [deal] }, 0), /^Rodada 1: .*Fim da partida\. Bia venceu a partida! Ana desistiu\./);
  // a round cut short at the goal awards nothing more: no "0 points this round" after its scoring play
  const goal = { ...won, events: [{ type: "play", seat: 0, tile: "6-4", points: 10 }], result: { result: "goal", winner: 0, points: 0 } };
  assert.doesNotMatch(describeStep({ rules, seats, steps: [deal, goal] }, 1), /0 pontos/);
  assert.doesNotMatch(describeStep({ rules, seats, steps: [deal, step] }, 1), /Fim da partida/);
});

test("a replay's round end says what the round-over panel says, in fives too", () => {
  const seats = [{ seat: 0, kind: "human", name: "Ana" }, { seat: 1, kind: "human", name: "Bia" }];
  const deal = { round: 1, move: 0, scores: [0, 0], events: [] };
  const end = (rules, result) => {
    const step = { round: 1, move: 1, scores: [10, 0], events: [{ type: "pass", seat: 1 }], round_over: true, result };
    return describeStep({ rules, seats, steps: [deal, step, { ...deal, round: 2 }] }, 1);
  };
  const fives = { preset: "fives", seats: 2, teams: false, goal: 200, scoring: "fives" };
  const classic = { preset: "classic", seats: 2, teams: false, goal: 100 };
  const tie = { result: "blocked", winner: null, points: 0, pips: [5, 5], hands: [], fives: [] };
  setLang("pt-BR");
  // in fives a tie takes nobody's end-of-round award: the points scored during it stay
  assert.match(end(fives, tie), /Rodada 1 terminou\. Empate: ninguém leva o prêmio do fim da rodada\./);
  assert.match(end(classic, tie), /Rodada 1 terminou\. Empate: ninguém marca nesta rodada\./);
  assert.match(end(fives, { ...tie, winner: 0, points: 5 }), /Rodada 1 terminou\. Ana leva 5 pontos/);
});

test("a replay steps by move and by round, and stays in range", () => {
  const steps = [
    { round: 1, move: 0 }, { round: 1, move: 1 }, { round: 1, move: 2 },
    { round: 2, move: 0 }, { round: 2, move: 1 },
  ];
  assert.equal(stepFrom(steps, 0, "prev"), 0);
  assert.equal(stepFrom(steps, 1, "next"), 2);
  assert.equal(stepFrom(steps, 1, "nextRound"), 3);
  assert.equal(stepFrom(steps, 4, "prevRound"), 3, "to this round's deal first");
  assert.equal(stepFrom(steps, 3, "prevRound"), 0, "from the deal, to the round before");
  assert.equal(stepFrom(steps, 4, "next"), 4);
  assert.equal(stepFrom(steps, 4, "nextRound"), 4);
  assert.equal(stepFrom(steps, 2, "last"), 4);
  assert.equal(movesIn(steps, 1), 2);
});
