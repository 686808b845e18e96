// The client's state: folding server frames, and what the screen derives from it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLang } from "../../../web/i18n.js";
import { describeEvent, explainMatch, explainRound, roundMoves } from "../../../web/explain.js";
import { seatName } from "../../../web/sides.js";
import {
  clock, connectionChanges, handModel, initialState, isMyTurn, mainAction, moveInFlight, pageTitle, reduce, secondsLeft,
  tilesGained, withPending,
} from "../../../web/state.js";

setLang("en");

const table = {
  id: "abc", status: "playing", rules: { preset: "fives", seats: 4, goal: 100, teams: true }, pace: "live",
  turn_seconds: 30, deadline: null, annulment: null,
  seats: [
    { seat: 0, name: "Ana", kind: "human", bot: null, connected: true, creator: true },
    { seat: 1, name: "", kind: "bot", bot: "nino", connected: false, creator: false },
    { seat: 2, name: "Bia", kind: "human", bot: null, connected: true, creator: false },
    { seat: 3, name: "", kind: "bot", bot: "rabisco", connected: false, creator: false },
  ],
};
// (seat 3's bot goes by "Risco": a bot's name hangs on its seat, seats.js botName)

function view(over = {}) {
  return {
    seat: 0, rules: { preset: "fives", seats: 4, goal: 100, teams: true, scoring: "fives" },
    round: 1, opener: 0, turn: 0, hand: ["6-4", "5-5", "2-1"], hand_counts: [3, 4, 4, 4],
    boneyard: 8, sleeping: 0, board: { center: [6, 6], spinner: true, arms: { L: [], R: [], U: [], D: [] } },
    ends: { L: 6, R: 6 }, count: 12, log: [], scores: [0, 0],
    legal: [{ type: "play", tile: "6-4", end: "L", points: 10 }, { type: "play", tile: "4-6", end: "R", points: 10 }],
    round_over: false, result: null, rounds: [], over: false, winner: null, end_reason: null, ...over,
  };
}

test("snapshot then numbered events; repeats on resume are ignored", () => {
  let s = initialState("abc", 0);
  s = reduce(s, { type: "welcome", seat: 0, table, seq: 4 });
  s = reduce(s, { type: "snapshot", seq: 4, table, view: view() });
  assert.equal(s.seq, 4);
  s = reduce(s, { type: "event", seq: 5, event: { type: "play", seat: 0, tile: "6-4", end: "L", points: 10 }, view: view({ turn: 1, legal: [] }) });
  assert.equal(s.seq, 5);
  assert.equal(s.view.turn, 1);
  assert.equal(s.feed.length, 1);
  const again = reduce(s, { type: "event", seq: 5, event: { type: "play", seat: 0, tile: "6-4" }, view: null });
  assert.equal(again, s, "an event already seen changes nothing");
  s = reduce(s, { type: "event", seq: 6, event: { type: "pass", seat: 1 }, view: null });
  assert.equal(s.seq, 6);
  assert.equal(s.view.turn, 1, "an event without view keeps the last view");
});

test("a patch changes only the keys it holds and adds log entries at the end", () => {
  let s = initialState("abc", 0);
  s = reduce(s, { type: "snapshot", seq: 4, table, view: view({ log: [{ type: "play", seat: 3, tile: "6-6", end: null, points: 0 }] }) });
  const before = s.view;
  const play = { type: "play", seat: 0, tile: "6-4", end: "L", points: 10 };
  s = reduce(s, {
    type: "event", seq: 5, event: play,
    patch: { turn: 1, hand: ["5-5", "2-1"], hand_counts: [2, 4, 4, 4], legal: [], log_append: [play] },
  });
  assert.equal(s.seq, 5);
  assert.deepEqual(s.view, view({
    turn: 1, hand: ["5-5", "2-1"], hand_counts: [2, 4, 4, 4], legal: [],
    log: [{ type: "play", seat: 3, tile: "6-6", end: null, points: 0 }, play],
  }));
  assert.equal(before.log.length, 1, "the old view is left as it was");
  assert.ok(!("log_append" in s.view));
  // a new round's log comes whole, replacing the old one
  s = reduce(s, { type: "event", seq: 6, event: { type: "round_start", round: 2 }, patch: { round: 2, log: [] } });
  assert.deepEqual(s.view.log, []);
  assert.equal(s.view.round, 2);
  // a whole view (a new socket's first) replaces everything
  s = reduce(s, { type: "event", seq: 7, event: { type: "pass", seat: 1 }, view: view({ round: 3 }) });
  assert.equal(s.view.round, 3);
});

test("a patch adds past rounds' results at the end of rounds", () => {
  const first = { winner_side: 0, points: 12 };
  const second = { winner_side: 1, points: 7 };
  let s = initialState("abc", 0);
  s = reduce(s, { type: "snapshot", seq: 4, table, view: view({ rounds: [first] }) });
  const before = s.view;
  s = reduce(s, { type: "event", seq: 5, event: { type: "round_start", round: 3 }, patch: { round: 3, rounds_append: [second] } });
  assert.deepEqual(s.view.rounds, [first, second]);
  assert.equal(s.view.round, 3);
  assert.ok(!("rounds_append" in s.view));
  assert.deepEqual(before.rounds, [first], "the old view is left as it was");
});

test("pending commands clear on accepted and rejected; a rejection is kept to show", () => {
  let s = withPending(initialState("abc", 0), { id: "x-1", type: "play", tile: "6-4", end: "L" });
  assert.ok(moveInFlight(s));
  s = reduce(s, { type: "accepted", id: "x-1", seq: 9 });
  assert.ok(!moveInFlight(s));
  s = withPending(s, { id: "x-2", type: "draw" });
  s = reduce(s, { type: "rejected", id: "x-2", code: "illegal_move", reason: "nope" });
  assert.ok(!moveInFlight(s));
  assert.deepEqual(s.lastRejection, { id: "x-2", code: "illegal_move", reason: "nope" });
});

test("the hand model groups every end a tile may go to, with points", () => {
  const model = handModel(view());
  assert.deepEqual(model.map((m) => m.playable), [true, false, false]);
  assert.deepEqual(model[0].targets, [{ end: "L", points: 10 }, { end: "R", points: 10 }]);
  assert.deepEqual(handModel(view({ legal: [] })).map((m) => m.playable), [false, false, false]);
});

test("the main button follows the game: start, play, draw, pass, wait, next round", () => {
  const base = { ...initialState("abc", 0), table };
  assert.equal(mainAction({ ...base, table: { ...table, status: "waiting" } }).kind, "start");
  // every seat taken (people and the bots chosen): no "bots take free seats"
  assert.equal(mainAction({ ...base, table: { ...table, status: "waiting" } }).label, "Start the match");
  const free = table.seats.map((x) => (x.seat === 2 ? { ...x, kind: "empty", name: "" } : x));
  assert.equal(mainAction({ ...base, table: { ...table, status: "waiting", seats: free } }).label, "Start now (bots take free seats)");
  assert.equal(mainAction({ ...base, seat: 2, table: { ...table, status: "waiting" } }).kind, "wait");
  // before the server's first word nothing is known: not "waiting for the host"
  assert.equal(mainAction({ ...base, table: null }).label, "Connecting to the table…");
  assert.equal(mainAction({ ...base, table: { ...table, status: "playing" } }).label, "Shuffling the tiles…");
  assert.equal(mainAction({ ...base, view: view() }).kind, "play");
  assert.equal(mainAction({ ...base, view: view() }).enabled, false);
  const draw = mainAction({ ...base, view: view({ legal: [{ type: "draw" }] }) });
  assert.deepEqual([draw.kind, draw.label, draw.enabled], ["draw", "Draw", true]);
  assert.equal(mainAction({ ...base, view: view({ legal: [{ type: "pass" }] }) }).kind, "pass");
  const wait = mainAction({ ...base, view: view({ turn: 1, legal: [] }) });
  assert.equal(wait.label, "Waiting: Nino's turn");
  assert.equal(mainAction({ ...base, view: view({ round_over: true, turn: null }) }).kind, "next_round");
  assert.equal(mainAction({ ...base, view: view({ over: true, turn: null }) }).kind, "none");
  assert.equal(isMyTurn({ ...base, view: view({ turn: 0 }) }), true);
  assert.equal(isMyTurn({ ...base, seat: null, view: view({ turn: 0 }) }), false);
  // the tab's title says when the table waits for us, and only then
  assert.equal(pageTitle({ ...base, view: view({ turn: 0 }) }), "▶ Your turn · Dominó");
  assert.equal(pageTitle({ ...base, view: view({ turn: 1 }) }), "Dominó");
  assert.equal(pageTitle({ ...base, view: view({ turn: 0, round_over: true }) }), "Dominó");
  assert.equal(pageTitle({ ...base, seat: null, view: view({ turn: 0 }) }), "Dominó");
});

test("a friend who took a bot's seat while that bot was on turn waits for its move", () => {
  // Cris (seat 1) joined while Nino thought: the seat is Nino's until its move is made
  const kept = { ...table, seats: table.seats.map((s) => (s.seat === 1 ? { ...s, name: "Cris" } : s)) };
  const cris = { ...initialState("abc", 1), table: kept, view: view({ seat: 1, turn: 1 }) };
  assert.equal(isMyTurn(cris), false, "not her move: the server would refuse it");
  const action = mainAction(cris);
  assert.deepEqual([action.kind, action.enabled], ["wait", false]);
  assert.equal(action.label, "Nino finishes this move; then the seat is yours");
  assert.equal(pageTitle(cris), "Dominó");
  // the hand-over, said to her and to the others, names the bot she replaces
  assert.equal(describeEvent(cris, { type: "seat_human", seat: 1 }), "You took over Nino's seat: it is your game now.");
  const ana = { ...cris, seat: 0 };
  assert.equal(describeEvent(ana, { type: "seat_human", seat: 1 }), "Cris took over Nino's seat.");
  // once the seat is hers, her turn is hers; a person back from being away "is back"
  const hers = { ...cris, table: { ...kept, seats: kept.seats.map((s) => (s.seat === 1 ? { ...s, kind: "human", bot: null } : s)) } };
  assert.equal(isMyTurn(hers), true);
  assert.equal(describeEvent({ ...hers, seat: 0 }, { type: "seat_human", seat: 1 }), "Cris is back in the seat.");
  // a person of ours while away: a bot plays for them until the seat is handed back
  const away = { ...initialState("abc", 0), table: { ...table, seats: table.seats.map((s) => (s.seat === 0 ? { ...s, bot: "nino" } : s)) }, view: view() };
  assert.equal(isMyTurn(away), false);
  assert.equal(mainAction(away).label, "The computer finishes this move for you; then the seat is yours again");
});

test("events read as sentences naming the seat", () => {
  const s = { ...initialState("abc", 0), table, view: view() };
  assert.equal(describeEvent(s, { type: "play", seat: 1, tile: "6-4", end: "L", points: 10 }), "Nino played 6-4 on the left end and scored 10.");
  // our own moves are said as ours, a draw with the tiles it brought us
  assert.equal(describeEvent(s, { type: "play", seat: 0, tile: "6-6", end: null, points: 0 }), "You played 6-6.");
  assert.equal(describeEvent(s, { type: "draw", seat: 0, count: 2, ends: [6] }, ["3-1", "5-0"]), "You drew 3-1, 5-0.");
  assert.equal(describeEvent(s, { type: "pass", seat: 0 }), "You passed.");
  assert.equal(describeEvent({ ...s, seat: null }, { type: "play", seat: 0, tile: "6-6", end: null }), "Ana played 6-6.");
  assert.equal(describeEvent(s, { type: "draw", seat: 3, count: 2, ends: [6] }), "Risco drew 2 tiles.");
  assert.deepEqual(tilesGained({ hand: ["6-6", "2-1"] }, { hand: ["6-6", "3-1", "2-1", "5-0"] }), ["3-1", "5-0"]);
  // a team as the subject of a sentence agrees with its verb (not "Them scored")
  assert.equal(describeEvent(s, { type: "score", side: 1, points: 15 }), "The other team scored 15 points.");
  assert.equal(describeEvent(s, { type: "score", side: 0, points: 1 }), "Your team scored 1 point.");
  // bots seated at the start are no news; a person leaving is
  assert.equal(describeEvent(s, { type: "seat_bot", seat: 3, bot: "rabisco", reason: "start" }), "");
  assert.match(describeEvent(s, { type: "seat_bot", seat: 2, bot: "nino", reason: "away" }), /^Bia is away: a bot plays/);
  // a "no" to an annulment ends it, and is said as such; our own proposal is ours
  assert.equal(describeEvent(s, { type: "annulment_vote", seat: 2, agree: false }), "Bia refused to annul: the match goes on.");
  assert.equal(describeEvent(s, { type: "annulment_vote", seat: 2, agree: true }), "Bia agreed to annul the match.");
  assert.match(describeEvent(s, { type: "annulment_proposed", seat: 0 }), /^You proposed to annul the match/);
  // a friend who takes a bot's seat while the bot is on turn: its move is the bot's, by name
  const taking = { ...s, seat: 1 };
  assert.equal(describeEvent(taking, { type: "play", seat: 1, tile: "6-2", end: "L", points: 0 }).startsWith("You "), false);
  assert.match(describeEvent(taking, { type: "play", seat: 1, tile: "6-2", end: "L", points: 0 }), /^Nino played 6-2/);
});

test("a score beside a team's numbered name is set off by a colon, a person's name is not", () => {
  const watching = { ...initialState("abc", null), table, view: view({ scores: [2, 5] }) };
  assert.equal(explainMatch({ ...watching, view: { ...watching.view, over: true, winner: 1 } }).score, "Final score: Team 1: 2 × Team 2: 5");
  const two = { ...initialState("abc", 0), table, view: view({ rules: { preset: "classic", seats: 2, goal: 100, teams: false }, scores: [10, 70] }) };
  assert.match(explainMatch({ ...two, view: { ...two.view, over: true, winner: 1 } }).score, /^Final score: Ana 10 × .* 70$/);
});

test("a round's scoring is explained with names, pips and fives", () => {
  const s = { ...initialState("abc", 0), table, view: view() };
  const result = { result: "domino", winner: 0, points: 25, pips: [0, 12, 5, 13], hands: [[], ["6-6"], ["3-2"], ["6-5", "1-1"]], fives: [[0, 10], [1, 5]] };
  const text = explainRound(s, result, 2);
  assert.equal(text.title, "Round 2 is over");
  assert.equal(text.headline, "Ana went out!");
  // in fives the points scored during the round stay: the line says what the end adds
  assert.equal(text.points, "Your team takes 25 points for the end of the round.");
  assert.match(text.explain, /nearest multiple of 5/);
  assert.match(text.explain, /other team's two hands/, "with teams, not every other hand");
  assert.deepEqual(text.pips, ["Ana: 0 pips in hand", "Nino: 12 pips in hand", "Bia: 5 pips in hand", "Risco: 13 pips in hand"]);
  assert.equal(text.fives, "Fives scored during the round: Us +10, Them +5.");
  // the award as the sum of the opponents' hands
  assert.equal(text.sum, "The sum: 12 (Nino) + 13 (Risco) = 25.");
  // fives rounds to the nearest multiple of 5, and says so
  const rounded = explainRound(s, { ...result, points: 30, pips: [0, 12, 5, 16] }, 2);
  assert.equal(rounded.sum, "The sum: 12 (Nino) + 16 (Risco) = 28 → 30, rounded to a multiple of 5.");
  // several fives of one side add up
  const many = explainRound(s, { ...result, fives: [[0, 10], [1, 5], [0, 15]] }, 2);
  assert.equal(many.fives, "Fives scored during the round: Us +25, Them +5.");
  // no way of counting the hands gives the number: no sum rather than a wrong one
  assert.equal(explainRound(s, { ...result, points: 7 }, 2).sum, "");
  const tie = explainRound(s, { result: "blocked", winner: null, points: 0, pips: [3, 3, 3, 3], hands: [] }, 1);
  assert.equal(tie.points, "A tie: nobody takes the end-of-round award.");
  // a round that ended at the goal has no end-of-round award to name
  assert.equal(explainRound(s, { result: "goal", winner: 0, points: 0, pips: [5, 5, 5, 5], hands: [], fives: [[0, 15]] }, 3).points, "");
  // a blocked round of fives: the other side's hands minus the winner's, whatever rounds alike
  const solo3 = { ...s, seat: 1, view: view({ rules: { preset: "fives", seats: 3, goal: 100, teams: false, scoring: "fives" }, scores: [0, 0, 0] }) };
  const names = (st) => [0, 1, 2].map((seat) => seatName(st, seat));
  const blocked = explainRound(solo3, { result: "blocked", winner: 1, points: 15, pips: [12, 2, 4], hands: [] }, 1);
  const [a, b, c] = names(solo3);
  assert.equal(blocked.sum, `The sum: (12 (${a}) + 4 (${c})) − 2 (${b}) = 14 → 15, rounded to a multiple of 5.`);
  // one hand less another (two seats, a blocked round of block): no brackets around one term
  const block2 = { ...s, seat: 0, view: view({ rules: { preset: "block", seats: 2, goal: 100, teams: false }, scores: [0, 0] }) };
  const one = explainRound(block2, { result: "blocked", winner: 1, points: 10, pips: [21, 11], hands: [] }, 1);
  assert.equal(one.sum, `The sum: 21 (${seatName(block2, 0)}) − 11 (${seatName(block2, 1)}) = 10.`);
  // a pip, pips
  assert.deepEqual(explainRound(block2, { result: "blocked", winner: 1, points: 0, pips: [1, 1], hands: [] }, 1).pips.map((p) => p.endsWith("1 pip in hand")), [true, true]);
  // every other hand, without teams
  assert.match(explainRound(solo3, { result: "domino", winner: 1, points: 15, pips: [12, 0, 4], hands: [["6-6"], [], ["2-2"]] }, 1).explain, /every other hand/);
});

test("blocked rounds say how a tie is broken where the rules break it", () => {
  const classic2 = { ...initialState("abc", 0), table, view: view({ rules: { preset: "classic", seats: 2, goal: 100, teams: false }, scores: [0, 0] }) };
  assert.match(explainRound(classic2, { result: "blocked", winner: 1, points: 13, pips: [13, 13], hands: [] }, 1).explain, /lightest tile/);
  const carib = { ...classic2, view: view({ rules: { preset: "caribbean", seats: 4, goal: 100, teams: false }, scores: [0, 0, 0, 0] }) };
  const open = explainRound(carib, { result: "blocked", winner: 1, points: 34, pips: [18, 11, 11, 16], hands: [] }, 1);
  assert.match(open.explain, /first tied player in turn order/);
  assert.doesNotMatch(open.explain, /team/);
  const caribTeams = { ...carib, view: view({ rules: { preset: "caribbean", seats: 4, goal: 100, teams: true }, scores: [0, 0] }) };
  const teams = explainRound(caribTeams, { result: "blocked", winner: 1, points: 56, pips: [18, 11, 11, 16], hands: [] }, 1);
  assert.match(teams.explain, /all four hands/);
  assert.match(teams.sum, / = 56\.$/);
});

test("round over under batida scoring names the batida, not a sum of pips", () => {
  const rules = { preset: "batida", seats: 4, goal: 6, teams: true, scoring: "batida" };
  const s = { ...initialState("abc", 0), table, view: view({ rules, scores: [3, 1] }) };
  const result = { result: "domino", winner: 0, points: 3, batida: "la-e-lo", pips: [0, 12, 5, 13], hands: [[], ["6-6"], ["3-2"], ["6-5", "1-1"]], fives: [] };
  const text = explainRound(s, result, 2);
  assert.equal(text.headline, "Lá-e-lô! 3 points to your team.");
  assert.equal(text.points, ""); // the headline says it: not twice
  assert.match(text.explain, /fit both ends/);
  assert.equal(text.sum, "");
  assert.equal(text.score, "Score: Us 3 · Them 1 (goal 6).");
  const one = explainRound(s, { ...result, points: 1, batida: "simples", pips: [0, 1, 0, 0] }, 2);
  assert.equal(one.headline, "Plain batida! 1 point to your team.");
  // the other team's batida says so in the headline too, not only in the line under it
  const theirs = explainRound(s, { ...result, winner: 1 }, 2);
  assert.equal(theirs.headline, "Lá-e-lô! 3 points to the other team.");
  assert.equal(theirs.points, "");
  const blocked = explainRound(s, { result: "blocked", winner: 1, points: 1, pips: [5, 1, 6, 2], hands: [] }, 3);
  assert.equal(blocked.headline, "The game is blocked.");
  assert.match(blocked.explain, /lightest hand wins/);
  assert.equal(blocked.sum, "");
  setLang("pt-BR");
  assert.equal(explainRound(s, result, 2).headline, "Lá-e-lô! 3 pontos para a sua dupla.");
  assert.equal(explainRound(s, { ...result, points: 4, batida: "cruzada", winner: 1 }, 2).headline, "Cruzada! 4 pontos para a dupla adversária.");
  // a round cut short by a resignation is not a tie; a lone player's blocked round has no team
  assert.equal(explainRound(s, { result: "unfinished", winner: null, points: 0, pips: [], hands: [] }, 2).points, "A rodada foi interrompida: ninguém marca nela.");
  const solo = { ...s, view: view({ rules: { ...rules, seats: 2, teams: false }, scores: [0, 0] }) };
  assert.doesNotMatch(explainRound(solo, { result: "blocked", winner: 1, points: 1, pips: [5, 1], hands: [] }, 1).explain, /dupla/);
  setLang("en");
});

test("match over names the winner from the viewer's side", () => {
  const s = { ...initialState("abc", 0), table, view: view({ over: true, winner: 0, scores: [105, 40], end_reason: "goal" }) };
  // with teams the win is the team's, whichever partner went out last
  assert.deepEqual(explainMatch(s), { headline: "Your team won!", reason: "Goal reached.", score: "Final score: Us 105 × Them 40" });
  const alone = { ...s, view: view({ over: true, winner: 0, scores: [105, 40], end_reason: "goal", rules: { preset: "classic", seats: 2, goal: 100, teams: false } }) };
  assert.equal(explainMatch(alone).headline, "You won!");
  const lost = { ...s, seat: 1 };
  assert.equal(explainMatch(lost).headline, "The other team won the match!");
  // a resignation names who left when its event was seen; after a reload, a general sentence
  const resigned = { ...s, view: view({ over: true, winner: 1, scores: [10, 40], end_reason: "resign" }) };
  assert.equal(explainMatch(resigned).reason, "Someone resigned.");
  const seen = { ...resigned, feed: [{ seq: 9, event: { type: "match_end", reason: "resign", winner: 1, seat: 2 } }] };
  assert.equal(explainMatch(seen).reason, "Bia resigned.");
  const mine = { ...resigned, feed: [{ seq: 9, event: { type: "match_end", reason: "resign", winner: 1, seat: 0 } }] };
  assert.equal(explainMatch(mine).reason, "You resigned.");
  // at two seats the one who lost for absence is known without the event (back by the link)
  const two = {
    ...initialState("abc", 1),
    table: { ...table, rules: { preset: "classic", seats: 2, goal: 100, teams: false }, seats: table.seats.slice(0, 2) },
    view: view({ over: true, winner: 0, scores: [10, 40], end_reason: "absence", rules: { preset: "classic", seats: 2, goal: 100, teams: false } }),
  };
  assert.equal(explainMatch(two).reason, "You were away too long and lost."); // we are seat 1
  assert.equal(explainMatch({ ...two, seat: 0 }).reason, `${seatName(two, 1)} was away too long and lost.`);
});

test("timer helpers count down to zero", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.equal(secondsLeft("2026-01-01T00:00:12.2Z", now), 13);
  assert.equal(secondsLeft("2025-12-31T00:00:00Z", now), 0);
  assert.equal(secondsLeft(null, now), null);
  assert.equal(clock(75), "1:15");
});

test("another person's connection lost or back is news; bots and our own seat are not", () => {
  const off = { ...table, seats: table.seats.map((s) => (s.seat === 2 || s.seat === 0 ? { ...s, connected: false } : s)) };
  assert.deepEqual(connectionChanges(table, off, 0).map((s) => [s.seat, s.connected]), [[2, false]]);
  assert.deepEqual(connectionChanges(off, table, 0).map((s) => [s.seat, s.connected]), [[2, true]]);
  assert.deepEqual(connectionChanges(table, table, 0), []);
  assert.deepEqual(connectionChanges(null, off, 0), []);
  const s = { ...initialState("abc", 0), table, view: view() };
  assert.equal(describeEvent(s, { type: "connection", seat: 2, connected: false }), "Bia lost the connection.");
  assert.equal(describeEvent(s, { type: "connection", seat: 2, connected: true }), "Bia is connected again.");
});

test("this round's moves read as sentences, the last first", () => {
  const base = { ...initialState("abc", 0), table };
  const log = [
    { type: "play", seat: 0, tile: "6-6", end: null, points: 0 },
    { type: "play", seat: 1, tile: "6-4", end: "L", points: 10 },
    { type: "score", side: 1, points: 10 },
    { type: "draw", seat: 2, count: 2, ends: [4, 6] },
  ];
  const lines = roundMoves({ ...base, view: view({ log }) });
  // the score that the play already tells of is not said twice
  assert.deepEqual(lines, ["Bia drew 2 tiles.", "Nino played 6-4 on the left end and scored 10.", "You played 6-6."]);
  const other = [...log.slice(0, 2), { type: "score", side: 0, points: 5 }];
  assert.equal(roundMoves({ ...base, view: view({ log: other }) }).length, 3); // another side's score stays
  assert.deepEqual(roundMoves({ ...base, view: view({ log: [] }) }), []);
  assert.deepEqual(roundMoves(base), []); // before the start
});
