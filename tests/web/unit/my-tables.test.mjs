// The home page's list of your tables: what each row says, and their order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLang } from "../../../web/i18n.js";
import { describeTable, orderTables, timeLeft } from "../../../web/my-tables.js";

const seat = (n, name, kind = "human", bot = null) => ({ seat: n, name, kind, bot, connected: false, creator: n === 0 });

function listing({ status = "playing", turn = null, scores = [0, 0], winner = null, teams = false, seats } = {}) {
  const people = seats || [seat(0, "Ana"), seat(1, "Bia")];
  return {
    table: {
      id: "t1", status, pace: "correspondence", turn_seconds: null, deadline: null, annulment: null, ranking: null,
      rules: { preset: "fives", seats: people.length, goal: 150, teams },
      seats: people,
    },
    round: status === "waiting" ? null : 2,
    turn,
    scores: status === "waiting" ? null : scores,
    winner,
  };
}

test("a row says whose turn it is, from the seat we hold", () => {
  setLang("pt-BR");
  const mine = describeTable(listing({ turn: 1, scores: [15, 40] }), 1);
  assert.equal(mine.state, "turn");
  assert.equal(mine.status, "Sua vez!");
  assert.equal(mine.others, "com Ana");
  assert.equal(mine.title, "Soma 5 · até 150");
  assert.equal(mine.score, "Placar 40 × 15"); // ours first
  const theirs = describeTable(listing({ turn: 0 }), 1);
  assert.equal(theirs.state, "playing");
  assert.equal(theirs.status, "Vez de Ana");
  assert.equal(describeTable(listing({ turn: null }), 1).status, "Entre uma rodada e outra");
});

test("waiting tables leave out empty seats; finished ones say who won, by side", () => {
  setLang("pt-BR");
  const waiting = describeTable(listing({ status: "waiting", seats: [seat(0, "Ana"), seat(1, "", "empty", "nino")] }), 0);
  assert.equal(waiting.state, "waiting");
  assert.equal(waiting.others, "");
  assert.equal(waiting.score, "");
  const four = [seat(0, "Ana"), seat(1, "Nino", "bot", "nino"), seat(2, "Caio"), seat(3, "Rabisco", "bot", "rabisco")];
  // teams: seats 0 and 2 are side 0
  const won = describeTable(listing({ status: "finished", winner: 0, teams: true, seats: four, scores: [151, 90] }), 2);
  assert.equal(won.status, "Terminou: sua dupla venceu");
  assert.equal(won.score, "Placar 151 × 90");
  const lost = describeTable(listing({ status: "finished", winner: 1, teams: true, seats: four }), 2);
  assert.equal(lost.status, "Terminou: não foi dessa vez");
  assert.equal(describeTable(listing({ status: "finished", winner: null }), 0).status, "Terminou sem vencedor");
  setLang("en");
  assert.equal(describeTable(listing({ turn: 0 }), 1).status, "Ana's turn");
  setLang("pt-BR");
});

test("your turn comes first, then matches going on, waiting, finished; newer first within each", () => {
  const rows = [
    { id: "a", state: "finished" },
    { id: "b", state: "playing" },
    { id: "c", state: "turn" },
    { id: "d", state: "waiting" },
    { id: "e", state: "playing" },
  ];
  const ids = ["a", "b", "c", "d", "e"]; // oldest first, as the browser stores them
  assert.deepEqual(orderTables(rows, ids).map((r) => r.id), ["c", "e", "b", "d", "a"]);
});

test("at your own pace a row says how long the seat on turn has", () => {
  setLang("pt-BR");
  const now = Date.parse("2026-11-29T12:00:00Z");
  const at = (iso, turn) => {
    const l = listing({ turn });
    l.table.deadline = iso;
    return describeTable(l, 1, now);
  };
  assert.equal(at("2026-12-01T08:00:00Z", 1).due, "Você tem 1 dia 20 h para jogar");
  assert.equal(at("2026-11-29T17:00:00Z", 0).due, "Prazo para jogar: 5 h");
  assert.equal(at("2026-11-29T11:00:00Z", 0).due, "Passou do prazo: você pode encerrar a partida por ausência");
  assert.equal(at("2026-11-29T11:00:00Z", 1).due, "Passou do prazo: jogue antes que encerrem a partida por ausência");
  const live = listing({ turn: 1 });
  live.table.pace = "live";
  live.table.deadline = "2026-11-29T12:00:30Z"; // a live turn timer is not a row's business
  assert.equal(describeTable(live, 1, now).due, "");
  assert.deepEqual([timeLeft(12 * 60000), timeLeft(3 * 86400000), timeLeft(1)], ["12 min", "3 dias", "1 min"]);
  // with teams, a partner's late turn is not ours to claim (our own side would lose)
  const four = listing({ turn: 2, teams: true, seats: [seat(0, "Ana"), seat(1, "Bia"), seat(2, "Caio"), seat(3, "Duda")] });
  four.table.deadline = "2026-11-29T11:00:00Z";
  assert.equal(describeTable(four, 0, now).due, "", "Caio is Ana's partner");
  assert.equal(describeTable(four, 1, now).due, "Passou do prazo: você pode encerrar a partida por ausência");
});
