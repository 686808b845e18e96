// Experience points in words: the match-over line, the player's standing, the ranking rows; the kept player token.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ordinal, pointsLine, rankingRows, standingText } from "../../../web/experience.js";
import { setLang } from "../../../web/i18n.js";
import { describeEvent } from "../../../web/explain.js";
import { initialState, reduce } from "../../../web/state.js";
import { makeStore } from "../../../web/storage.js";

const names = (seat) => ["Ana", "Bia", "Caio"][seat];

test("the ranking event is kept, also when a resume repeats it after a snapshot", () => {
  const event = { type: "ranking", points: [5, 20], reason: null };
  let s = initialState("t1", 1);
  s = reduce(s, { type: "event", seq: 8, event: { type: "match_end", reason: "resign", winner: 1 }, view: null });
  assert.equal(s.ranking, null);
  s = reduce(s, { type: "event", seq: 9, event, view: { over: true } });
  assert.deepEqual(s.ranking, event);
  // a reload: the finished table's summary in the snapshot carries the ranking
  const table = { id: "t1", status: "finished", ranking: { points: [5, 20], reason: null } };
  const reloaded = reduce(initialState("t1", 1), { type: "snapshot", seq: 9, table, view: { over: true } });
  assert.deepEqual(reloaded.ranking, event);
  // a repeated ranking event (a resume from before it) still counts
  let r = reduce(initialState("t1", 1), { type: "snapshot", seq: 9, table: null, view: { over: true } });
  assert.equal(r.ranking, null);
  r = reduce(r, { type: "event", seq: 9, event, view: { over: true } });
  assert.deepEqual(r.ranking, event);
  assert.equal(r.seq, 9);
  assert.equal(r.feed.length, 0);
  // and survives a later snapshot of the same table
  assert.deepEqual(reduce(r, { type: "snapshot", seq: 9, table: null, view: { over: true } }).ranking, event);
  // a repeated event of another kind without a view changes nothing
  assert.equal(reduce(r, { type: "event", seq: 5, event: { type: "pass", seat: 0 }, view: null }), r);
});

test("a seat reads the points it earned, winner and loser alike", () => {
  setLang("pt-BR");
  const event = { type: "ranking", points: [20, 5], reason: null };
  assert.equal(pointsLine(event, 0, names), "+20 pontos de experiência");
  assert.equal(pointsLine(event, 1, names), "+5 pontos de experiência");
  setLang("en");
  assert.equal(pointsLine(event, 1, names), "+5 experience points");
  setLang("pt-BR");
});

test("each reason for no points has its own sentence, in both languages", () => {
  for (const lang of ["pt-BR", "en"]) {
    setLang(lang);
    const reasons = ["fewer_than_two_people", "shared_address", "unknown_address", "annulled"];
    const lines = reasons.map((reason) => pointsLine({ type: "ranking", points: [null, null], reason }, 0, names));
    assert.equal(new Set(lines).size, reasons.length);
    for (const line of lines) assert.doesNotMatch(line, /xp\.|\+\d/);
  }
  setLang("pt-BR");
  assert.match(pointsLine({ type: "ranking", points: [null, null], reason: "fewer_than_two_people" }, 0), /computador/);
  assert.match(pointsLine({ type: "ranking", points: [null, null], reason: "shared_address" }, 1), /mesmo endereço/);
  assert.match(pointsLine({ type: "ranking", points: [null, null], reason: "annulled" }, 1), /anulada/);
  assert.match(pointsLine({ type: "ranking", points: [null, null], reason: "unknown_address" }, 1), /não conseguiu ver/);
  setLang("en");
  assert.match(pointsLine({ type: "ranking", points: [null, null], reason: "unknown_address" }, 1), /could not see/);
  setLang("pt-BR");
});

test("a seat left out of the awards is told so; a spectator reads everyone's points", () => {
  setLang("pt-BR");
  const event = { type: "ranking", points: [30, null, 5], reason: null };
  assert.equal(pointsLine(event, 1, names), "Esta partida não lhe deu pontos de experiência.");
  assert.equal(pointsLine(event, null, names), "Pontos de experiência: Ana +30, Caio +5.");
  assert.equal(pointsLine(null, 0, names), "");
});

test("the ranking event is announced with this seat's points", () => {
  setLang("pt-BR");
  let s = initialState("t1", 1);
  s = reduce(s, { type: "event", seq: 3, event: { type: "ranking", points: [20, 5], reason: null }, view: null });
  assert.equal(s.ranking.points[1], 5);
  assert.equal(describeEvent(s, s.feed[0].event), "+5 pontos de experiência");
});

test("ordinals and the player's standing", () => {
  setLang("en");
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal),
    ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]);
  assert.equal(
    standingText({ name: "Ana", points: 25, matches: 2, wins: 1, place: 3 }),
    "Ana: 25 points · 3rd place · 2 matches · 1 win",
  );
  assert.match(standingText({ name: null, points: 0, matches: 0, wins: 0, place: null }), /no experience points yet/);
  setLang("pt-BR");
  assert.equal(ordinal(2), "2º");
  assert.equal(
    standingText({ name: "Ana", points: 1, matches: 1, wins: 0, place: 12 }),
    "Ana: 1 ponto · 12º lugar · 1 partida · 0 vitórias",
  );
});

test("ranking rows carry place, name, points and whether the line is yours; shared places stay shared", () => {
  setLang("pt-BR");
  const rows = rankingRows([
    { name: "Bia", points: 20, matches: 1, wins: 1, place: 1 },
    { name: "Ana", points: 5, matches: 1, wins: 0, place: 2, you: true },
    { name: "Caio", points: 5, matches: 1, wins: 0, place: 2, you: false },
  ]);
  assert.deepEqual(rows.map((r) => [r.place, r.name, r.points, r.you]), [
    ["1º", "Bia", "20 pontos", false],
    ["2º", "Ana", "5 pontos", true],
    ["2º", "Caio", "5 pontos", false],
  ]);
  assert.deepEqual(rankingRows(null), []);
});

test("the player token is kept apart from the seats and survives a new store", () => {
  const map = new Map();
  const backing = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, v) };
  const store = makeStore(backing);
  assert.equal(store.playerToken(), null);
  store.savePlayerToken("p".repeat(32));
  store.savePlayerToken(""); // an empty answer never replaces the kept token
  store.saveSeat("t1", 0, "seat-token");
  assert.equal(makeStore(backing).playerToken(), "p".repeat(32));
  assert.deepEqual(makeStore(backing).seatAt("t1"), { seat: 0, token: "seat-token" });
});
