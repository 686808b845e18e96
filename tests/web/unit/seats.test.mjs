// The seats around the felt, what each did last, names told apart, the score sheet and
// what happened to us: the pure parts (replays: replay.test.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { awayWords, connectionNews, followAway, playedForUs, repeatsJoin, roundSentence } from "../../../web/happenings.js";
import { setLang, t } from "../../../web/i18n.js";
import { scoreSheet } from "../../../web/score-sheet.js";
import { actionText, lastActions, seatNames, seatPlace, timerShare, typedName } from "../../../web/seats.js";
import { describeEvent, explainRound } from "../../../web/explain.js";
import { rematchSeats, seatLabel, seatName } from "../../../web/sides.js";

setLang("pt-BR");

test("seats sit as at a real table: you at the bottom, the partner across, play to the right", () => {
  assert.deepEqual([0, 1, 2, 3].map((s) => seatPlace(4, 0, s)), ["bottom", "right", "top", "left"]);
  assert.deepEqual([0, 1, 2, 3].map((s) => seatPlace(4, 2, s)), ["top", "left", "bottom", "right"]);
  assert.deepEqual([0, 1, 2].map((s) => seatPlace(3, 1, s)), ["left", "bottom", "right"]);
  assert.deepEqual([0, 1].map((s) => seatPlace(2, 1, s)), ["top", "bottom"]);
  assert.equal(seatPlace(4, null, 0), "bottom", "a spectator looks from seat 0");
});

test("what each seat did last stays until it acts again; draws in a row add up", () => {
  const view = {
    log: [
      { type: "play", seat: 0, tile: "6-6" },
      { type: "draw", seat: 1, count: 1 },
      { type: "draw", seat: 1, count: 2 },
      { type: "pass", seat: 1 },
      { type: "play", seat: 2, tile: "6-3" },
      { type: "draw", seat: 0, count: 1 },
      { type: "score", side: 0, points: 10 },
    ],
  };
  const did = lastActions(view);
  assert.equal(actionText(did[0]), "comprou 1 pedra");
  assert.equal(actionText(did[1]), "passou");
  assert.equal(actionText(did[2]), "jogou 6-3");
  const drew = lastActions({ log: [{ type: "draw", seat: 1, count: 1 }, { type: "draw", seat: 1, count: 2 }] });
  assert.equal(actionText(drew[1]), "comprou 3 pedras");
  const again = lastActions({ log: [{ type: "draw", seat: 1, count: 1 }, { type: "play", seat: 0, tile: "1-1" }, { type: "draw", seat: 1, count: 1 }] });
  assert.equal(actionText(again[1]), "comprou 1 pedra", "a new run of draws after another seat moved");
});

test("three bots of one level get names a player tells apart; people keep theirs", () => {
  const seats = [
    { seat: 0, kind: "human", name: "Ana" },
    { seat: 1, kind: "bot", bot: "nino", name: "Nino" },
    { seat: 2, kind: "bot", bot: "nino", name: "Nino" },
    { seat: 3, kind: "bot", bot: "nino", name: "Nino" },
  ];
  const names = seatNames(seats);
  assert.deepEqual(names, ["Ana", "Nino", "Nina", "Nico"]);
  assert.equal(new Set(names).size, 4);
  assert.deepEqual(seatNames([{ seat: 0, kind: "human", name: "Bia" }, { seat: 1, kind: "human", name: "Bia" }]), ["Bia 1", "Bia 2"]);
  // the default name shows in the reader's language
  setLang("en");
  assert.deepEqual(seatNames([{ seat: 0, kind: "human", name: "Jogador" }, { seat: 1, kind: "bot", bot: "rabisco", name: "Rabisco" }]), ["Player", "Rabisco"]);
  setLang("pt-BR");
});

test("a bot keeps its name all match, whoever takes the other seats", () => {
  const nino = (seat) => ({ seat, kind: "bot", bot: "nino", name: "Nino" });
  const person = (seat, name) => ({ seat, kind: "human", name });
  const all = [person(0, "Ana"), nino(1), nino(2), nino(3)];
  assert.deepEqual(seatNames(all), ["Ana", "Nino", "Nina", "Nico"]);
  // a friend takes Nina's seat: Nico is still Nico (numbered in order, he became "Nina")
  assert.deepEqual(seatNames([person(0, "Ana"), nino(1), person(2, "Caio"), nino(3)]), ["Ana", "Nino", "Caio", "Nico"]);
  // a friend takes Nino's: Nina stays Nina, though no other bot of her level is left
  assert.deepEqual(seatNames([person(0, "Ana"), person(1, "Caio"), nino(2), person(3, "Duda")]), ["Ana", "Caio", "Nina", "Duda"]);
  // a friend who joined and waits for the turn's end: the seat is still its bot's
  const waiting = { seat: 3, kind: "bot", bot: "nino", name: "Duda" };
  assert.deepEqual(seatNames([person(0, "Ana"), nino(1), nino(2), waiting]), ["Ana", "Nino", "Nina", "Nico"]);
  // a friend called as a bot is told apart by her seat number; the bot is not renamed
  assert.deepEqual(seatNames([person(0, "Ana"), person(1, "Nina"), nino(2)]), ["Ana", "Nina 2", "Nina"]);
  // each level its own family, by seat
  const mixed = [person(0, "Ana"), { seat: 1, kind: "bot", bot: "rabisco" }, { seat: 2, kind: "bot", bot: "rabisco" }];
  assert.deepEqual(seatNames(mixed), ["Ana", "Rabisco", "Rabisca"]);
});

test("the turn timer's share", () => {
  assert.equal(timerShare(30, 15), 0.5);
  assert.equal(timerShare(30, 45), 1);
  assert.equal(timerShare(null, 5), null);
});

function stateWith(view, seat = 0, turnSeconds = 15, deadline = null) {
  return {
    seat,
    table: { seats: [{ seat: 0, kind: "human", name: "Ana" }, { seat: 1, kind: "human", name: "Bia" }], turn_seconds: turnSeconds, deadline, pace: "live" },
    view,
    pending: {},
    feed: [],
  };
}

test("a move of ours after our timer ran out was the computer's; one we sent was not", () => {
  const now = Date.parse("2026-01-01T10:00:10Z");
  const view = { turn: 0, round_over: false, over: false, legal: [] };
  const late = stateWith(view, 0, 15, "2026-01-01T10:00:10Z");
  assert.ok(playedForUs(late, { type: "play", seat: 0, tile: "6-4" }, now));
  assert.ok(!playedForUs(late, { type: "play", seat: 1, tile: "6-4" }, now), "another seat's move");
  const early = stateWith(view, 0, 15, "2026-01-01T10:00:20Z");
  assert.ok(!playedForUs(early, { type: "draw", seat: 0 }, now), "an automatic draw at the turn's start");
  const sent = { ...late, pending: { a: { type: "play", id: "a" } } };
  assert.ok(!playedForUs(sent, { type: "play", seat: 0, tile: "6-4" }, now), "our own move");
  assert.ok(!playedForUs(stateWith(view, 0, null, "2026-01-01T10:00:10Z"), { type: "pass", seat: 0 }, now), "no timer");
});

test("a friend who joined is said once: seat_human right after seat_joined repeats it", () => {
  const feed = [{ seq: 1, event: { type: "seat_joined", seat: 1, name: "Bia", pending: true } }];
  assert.ok(repeatsJoin(feed, { type: "seat_human", seat: 1 }));
  const back = [...feed, { seq: 2, event: { type: "seat_bot", seat: 1, reason: "away" } }];
  assert.ok(!repeatsJoin(back, { type: "seat_human", seat: 1 }), "back from being away is news");
  assert.ok(!repeatsJoin([], { type: "seat_human", seat: 1 }));
  // she came while its bot was on turn: the bot's move, then the seat is hers (news)
  const after = [...feed, { seq: 2, event: { type: "play", seat: 1, tile: "5-3", end: "R" } }];
  assert.ok(!repeatsJoin(after, { type: "seat_human", seat: 1 }), "taking over after the bot's move is news");
});

test("coming back after being away: what the computer did for us is counted and said", () => {
  let away = null;
  let back = null;
  const feed = [
    { type: "play", seat: 1, tile: "6-6" },  // before we left: not counted
    { type: "seat_bot", seat: 1, reason: "away" },
    { type: "play", seat: 1, tile: "6-4", end: "L" },
    { type: "play", seat: 0, tile: "4-4", end: "L" },  // another seat's: not ours
    { type: "draw", seat: 1, count: 2 },
    { type: "round_start", round: 2 },
    { type: "pass", seat: 1 },
    { type: "seat_human", seat: 1 },
  ];
  let round = 1;
  for (const event of feed) {
    if (event.type === "round_start") round = event.round;
    ({ away, back } = followAway(away, event, 1, round));
    if (back) break;
  }
  assert.deepEqual(back, { moves: 3, from: 1, to: 2 });
  assert.equal(away, null, "the seat is ours again");
  assert.equal(awayWords(back), "Enquanto você esteve fora, o computador jogou por você (3 jogadas, da rodada 1 à 2).");
  assert.equal(awayWords({ moves: 1, from: 2, to: 2 }), "Enquanto você esteve fora, o computador jogou por você (1 jogada).");
  // a friend taking a bot's seat is not coming back from being away
  assert.equal(followAway(null, { type: "seat_human", seat: 1 }, 1, 1).back, null);
});

const TEAMS = { preset: "classic", seats: 4, teams: true, goal: 100 };

test("the score sheet: each round's winner, how, points, fives and running totals", () => {
  const view = {
    rules: { preset: "fives", seats: 2, teams: false, goal: 200, scoring: "fives" },
    scores: [45, 10],
    rounds: [
      { result: "domino", winner: 0, points: 20, fives: [[0, 10], [1, 10]], hands: [[], ["6-6"]] },
      { result: "blocked", winner: 0, points: 15, fives: [], hands: [["1-0"], ["2-2"]] },
      { result: "blocked", winner: null, points: 0, fives: [], hands: [["1-0"], ["1-0"]] },
    ],
  };
  const sheet = scoreSheet(stateWith(view));
  assert.deepEqual(sheet.sides, ["Ana", "Bia"]);
  assert.deepEqual(sheet.rows.map((r) => [r.round, r.winner, r.how, r.points, r.fives, r.totals]), [
    [1, "Ana", "Bateu", 20, "Ana +10, Bia +10", [30, 10]],
    [2, "Ana", "Trancou", 15, "", [45, 10]],
    [3, "Ninguém", "Trancou", 0, "", [45, 10]],
  ]);
  assert.equal(sheet.total, "Ana 45 · Bia 10");
});

test("a blocked round with teams says team totals decide, and gives them", () => {
  const s = {
    seat: 0,
    table: { seats: [0, 1, 2, 3].map((seat) => ({ seat, kind: "human", name: ["Ana", "Bia", "Caio", "Duda"][seat] })) },
    view: { rules: TEAMS, scores: [0, 20], round: 1 },
    feed: [],
  };
  // Ana (seat 0) held the lowest hand, but her team's two hands weigh more
  const text = explainRound(s, { result: "blocked", winner: 1, points: 20, pips: [2, 8, 18, 4], hands: [] }, 1);
  assert.match(text.explain, /dupla com menos pontos somando as duas mãos/);
  assert.doesNotMatch(text.explain, /vence quem tem menos/);
  assert.equal(text.teams, "Pontos nas mãos das duplas: Nós 20, Eles 12. Em duplas, decide a soma das duas mãos.");
  const solo = explainRound({ ...s, view: { ...s.view, rules: { ...TEAMS, teams: false } } }, { result: "blocked", winner: 0, points: 5, pips: [1, 2, 3, 4], hands: [] }, 1);
  assert.equal(solo.teams, "");
  const said = roundSentence({ ...s, view: { ...s.view, round_over: true, result: { result: "blocked", winner: 1, points: 20, pips: [2, 8, 18, 4], hands: [] } } });
  assert.match(said, /^Fim da rodada 1\. Jogo trancado\. A dupla adversária marca 20 pontos/);
});

test("a round cut short explains no rule, and the fives column is for fives only", () => {
  const s = stateWith({ rules: { preset: "classic", seats: 2, goal: 100 }, scores: [0, 12], round: 2, rounds: [] });
  const text = explainRound(s, { result: "unfinished", winner: null, points: 0, pips: [57, 46], hands: [] }, 2);
  assert.equal(text.explain, "");
  const sheet = scoreSheet({ ...s, view: { ...s.view, rounds: [{ result: "domino", winner: 1, points: 12, fives: [], hands: [] }] } });
  assert.equal(sheet.fives, false);
});

test("by batida the score sheet names how each round was won", () => {
  const s = stateWith({ rules: { preset: "batida", scoring: "batida", seats: 4, teams: true, goal: 6 }, scores: [3, 1], round: 3, rounds: [] });
  const rounds = [
    { result: "domino", batida: "la-e-lo", winner: 0, points: 3, fives: [], hands: [[], [], [], []] },
    { result: "blocked", winner: 1, points: 1, fives: [], hands: [] },
  ];
  const sheet = scoreSheet({ ...s, view: { ...s.view, rounds } });
  assert.equal(sheet.rows[0].how, t("batida.la-e-lo"));
  assert.equal(sheet.rows[1].how, t("score.how.blocked"));
  assert.notEqual(sheet.rows[0].how, t("score.how.domino"));
});

test("a pasted name loses the invisible marks messaging apps add at its ends, not inside", () => {
  assert.equal(typedName("\u2068Ana\u2069"), "Ana");
  assert.equal(typedName(" \u200eAna Bia\u200f "), "Ana Bia");
  assert.equal(typedName("\ufeff\u200b José \u061c\u2066\u2067"), "José");
  assert.equal(typedName("\u200b\u2069 "), "");
  assert.equal(typedName("Ana\u200bBia"), "Ana\u200bBia"); // the server refuses it, and says why
  assert.equal(typedName("\u202eAna"), "\u202eAna"); // an override is never trimmed away
  assert.equal(typedName("👨\u200d👩\u200d👧"), "👨\u200d👩\u200d👧");
});

test("scores beside a right-to-left name keep their place: each name in a score line is set apart", () => {
  const FSI = "\u2068";
  const PDI = "\u2069";
  const view = {
    rules: { preset: "fives", seats: 2, teams: false, goal: 200, scoring: "fives" },
    scores: [45, 10],
    rounds: [{ result: "domino", winner: 0, points: 20, fives: [[0, 10], [1, 10]], hands: [[], ["6-6"]] }],
  };
  const s = stateWith(view);
  s.table.seats[0].name = "علي";
  const sheet = scoreSheet(s);
  assert.equal(sheet.total, `${FSI}علي${PDI} 45 · Bia 10`);
  assert.equal(sheet.rows[0].fives, `${FSI}علي${PDI} +10, Bia +10`);
  const text = explainRound(s, { result: "domino", winner: 0, points: 20, pips: [0, 12], hands: [] }, 1);
  assert.ok(text.score.includes(`${FSI}علي${PDI} 45 · Bia 10`), text.score);
});

test("going out at a table without teams names no partner; with teams it does", () => {
  const won = { result: "domino", winner: 0, points: 12, pips: [0, 12], hands: [] };
  const solo = stateWith({ rules: { preset: "classic", seats: 2, teams: false, goal: 100 }, scores: [12, 0], round: 1 });
  assert.doesNotMatch(explainRound(solo, won, 1).explain, /parceiro/);
  assert.match(explainRound(solo, won, 1).explain, /^Quem bate leva a soma das pedras/);
  const teams = { ...solo, view: { ...solo.view, rules: TEAMS } };
  assert.match(explainRound(teams, { ...won, pips: [0, 5, 3, 4] }, 1).explain, /parceiro não conta/);
  setLang("en");
  assert.doesNotMatch(explainRound(solo, won, 1).explain, /partner/);
  setLang("pt-BR");
});

test("a friend who joined without typing a name is said in the reader's language", () => {
  const s = stateWith({ rules: { preset: "classic", seats: 2, teams: false, goal: 100 }, scores: [0, 0], round: 1 });
  // the friend's page was in English: the table calls them "Player"
  assert.equal(describeEvent(s, { type: "seat_joined", seat: 1, name: "Player" }), t("log.seat_joined", { name: "Jogador" }));
  assert.equal(describeEvent(s, { type: "seat_joined", seat: 1, name: "Bia" }), t("log.seat_joined", { name: "Bia" }));
});

test("a person's socket coming up is said once: not after 'sat down' or 'back in the seat', nor while away", () => {
  const joined = [
    { seq: 1, event: { type: "started" } },
    { seq: 2, event: { type: "seat_joined", seat: 1, name: "Bia" } },
  ];
  const bia = { seat: 1, kind: "human", connected: true, away: null };
  assert.equal(connectionNews(joined, bia, undefined), false, "her first socket: 'sentou' said it");
  assert.equal(connectionNews(joined, { ...bia, seat: 2 }, undefined), true, "nobody sat down there: news");
  const played = [...joined, { seq: 3, event: { type: "play", seat: 1, tile: "6-6" } }];
  assert.equal(connectionNews(played, bia, 3), true, "lost after her move, back: news");
  assert.equal(connectionNews(joined, bia, 2), true, "lost after sitting down, back: news");
  const back = [...played, { seq: 4, event: { type: "seat_bot", seat: 1, reason: "away" } }, { seq: 5, event: { type: "seat_human", seat: 1 } }];
  assert.equal(connectionNews(back, bia, 3), false, "'voltou à cadeira' said her return");
  assert.equal(connectionNews(played.slice(0, 3), { ...bia, away: { moves: 1, since_round: 1 } }, 3), false, "away: her return is said when she takes the seat");
});

test("a new table for the same players keeps everyone's place, counted from whoever makes it", () => {
  const seats = [
    { seat: 0, kind: "human", bot: null }, { seat: 1, kind: "human", bot: null },
    { seat: 2, kind: "bot", bot: "voquelonia" }, { seat: 3, kind: "bot", bot: "rabisco" },
  ];
  // Bia (seat 1) makes it: she sits at 0, Vó Quelônia after her, then Rabisco, then Ana's seat
  const { bots, partner } = rematchSeats(seats, 1, true);
  assert.deepEqual(bots, [null, "voquelonia", "rabisco", "nino"]);
  assert.equal(partner.seat, 3, "her partner across stays across");
  assert.deepEqual(rematchSeats(seats, 0, false), { bots: [null, "nino", "voquelonia", "rabisco"], partner: null });
});

test("a player who typed no name is 'Você' to themself on labels, 'Jogador' to the others", () => {
  // "Placar: Jogador 0 · Rabisco 1" read as somebody else's score to a newcomer
  const seats = [
    { seat: 0, kind: "human", name: "Jogador" },
    { seat: 1, kind: "bot", bot: "rabisco", name: "Rabisco" },
  ];
  const rules = { preset: "classic", seats: 2, teams: false, goal: 100 };
  const as = (seat) => ({ seat, table: { seats }, view: { rules, scores: [12, 3], round: 1 }, feed: [] });
  assert.equal(seatLabel(as(0), 0), "Você");
  assert.equal(seatLabel(as(1), 0), "Jogador");
  assert.equal(seatLabel(as(null), 0), "Jogador");
  assert.equal(seatLabel(as(0), 1), "Rabisco");
  assert.equal(seatLabel({ seat: 0, table: { seats: [{ ...seats[0], name: "Ana" }, seats[1]] } }, 0), "Ana");
  const round = { result: "blocked", winner: 0, points: 12, pips: [3, 15], hands: [["2-1"], ["6-6", "2-1"]], fives: [] };
  assert.equal(explainRound(as(0), round, 1).score, "Placar: Você 12 · Rabisco 3 (meta 100).");
  assert.match(explainRound(as(0), round, 1).pips[0], /^Você: 3 pontos/);
  setLang("en");
  // a sentence keeps the name: "You scores" is no English
  assert.equal(explainRound(as(0), round, 1).points, "Player scores 12 points this round.");
  assert.equal(explainRound(as(0), round, 1).score, "Score: You 12 · Rabisco 3 (goal 100).");
  setLang("pt-BR");
});
