// The table socket: URL, command ids, reconnect with last_seq, nothing sent while offline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PING_EVERY_MS, SILENCE_LIMIT_MS, TableSocket, idMaker, socketProtocols, socketUrl } from "../../../web/protocol.js";
import { FakeWS, connected, fakeClock, loc, served } from "./fake-socket.mjs";

test("the socket url carries the last event seen, the token goes as a subprotocol", () => {
  assert.equal(socketUrl(loc, "t1", 0), "ws://127.0.0.1:8000/ws/tables/t1?view=patch");
  assert.deepEqual(socketProtocols("tok"), ["domino.v1", "domino.token.tok"]);
  assert.deepEqual(socketProtocols(null), ["domino.v1"]);
  assert.equal(
    socketUrl({ protocol: "https:", host: "x.org" }, "t 1", 7),
    "wss://x.org/ws/tables/t%201?last_seq=7&view=patch",
  );
});

test("command ids are unique and differ between page loads", () => {
  const a = idMaker(() => 0.25);
  const b = idMaker(() => 0.75);
  const ids = new Set([a(), a(), a(), b()]);
  assert.equal(ids.size, 4);
  for (const id of ids) assert.ok(id.length >= 1 && id.length <= 64);
});

test("reconnects after a drop and resumes from the last sequence number", () => {
  FakeWS.all = [];
  const clockF = fakeClock();
  const frames = [];
  const statuses = [];
  const sock = new TableSocket({
    tableId: "t1", token: "tok", location: loc, WebSocketImpl: FakeWS, clock: clockF,
    onFrame: (f) => frames.push(f), onStatus: (s) => statuses.push(s),
  });
  sock.connect();
  const first = FakeWS.all[0];
  assert.equal(first.url, "ws://127.0.0.1:8000/ws/tables/t1?view=patch");
  assert.deepEqual(first.protocols, ["domino.v1", "domino.token.tok"]);
  assert.equal(sock.send("ping"), null, "nothing is sent before the socket opens");
  first.open();
  first.receive({ type: "welcome", seat: 0, table: {}, seq: 3 });
  first.receive({ type: "snapshot", seq: 3, table: {}, view: null });
  first.receive({ type: "event", seq: 4, event: { type: "play" }, view: null });
  assert.equal(sock.lastSeq, 4);
  const cmd = sock.send("play", { tile: "6-6", end: null });
  assert.deepEqual(first.sent[0], { type: "play", id: cmd.id, tile: "6-6", end: null, at: 4 }, "a move says the last event seen");

  first.close(); // network drop
  assert.equal(sock.status, "reconnecting");
  clockF.advance(299);
  assert.equal(FakeWS.all.length, 1, "waits before reconnecting");
  clockF.advance(1);
  const second = FakeWS.all[1];
  assert.equal(second.url, "ws://127.0.0.1:8000/ws/tables/t1?last_seq=4&view=patch");
  second.close(); // still down: backs off longer
  clockF.advance(600);
  assert.equal(FakeWS.all.length, 2);
  clockF.advance(100);
  const third = FakeWS.all[2];
  third.open();
  assert.equal(sock.status, "reconnecting", "open, but not served yet: the server may still be taking the table over");
  third.receive({ type: "event", seq: 5, event: { type: "play" }, view: null });
  assert.equal(sock.status, "open");
  assert.deepEqual(statuses, ["connecting", "open", "reconnecting", "open"]);
  assert.equal(frames.length, 4);
  sock.close();
  assert.equal(sock.status, "closed");
  clockF.advance(10000);
  assert.equal(FakeWS.all.length, 3, "no reconnection after close()");
});

test("a silent connection is dropped and reopened; pings keep it alive", () => {
  FakeWS.all = [];
  const clockF = fakeClock();
  const sock = new TableSocket({ tableId: "t1", token: "tok", location: loc, WebSocketImpl: FakeWS, clock: clockF, onFrame: () => {} });
  sock.connect();
  FakeWS.all[0].open();
  FakeWS.all[0].receive({ type: "welcome", seat: 0, table: {}, seq: 0 });
  clockF.advance(PING_EVERY_MS);
  assert.equal(FakeWS.all[0].sent.at(-1).type, "ping");
  FakeWS.all[0].receive({ type: "pong" }); // heard: kept
  clockF.advance(PING_EVERY_MS);
  assert.ok(!FakeWS.all[0].closed);
  // then silence: the link is called lost within about 5 s of the last word heard
  let waited = 0;
  while (!FakeWS.all[0].closed && waited < 20000) {
    clockF.advance(100);
    waited += 100;
  }
  assert.ok(FakeWS.all[0].closed, "dropped after the silence");
  const since = PING_EVERY_MS + waited; // the pong came one ping period before the loop
  assert.ok(since > SILENCE_LIMIT_MS && since <= 5000, `dropped ${since} ms after the last pong`);
  assert.equal(sock.status, "reconnecting", "reconnecting at once, not after a closing handshake");
  clockF.advance(300);
  assert.equal(FakeWS.all.length, 2);
  sock.close();
});

test("a drop reconnects at once, and wake() retries now when the network is back", () => {
  FakeWS.all = [];
  const clockF = fakeClock();
  const statuses = [];
  class StuckWS extends FakeWS {
    close() {
      this.closed = true; // a dead network: the close never completes, onclose never comes
    }
  }
  const sock = new TableSocket({
    tableId: "t1", token: "tok", location: loc, WebSocketImpl: StuckWS, clock: clockF, onFrame: () => {},
    onStatus: (s) => statuses.push(s),
  });
  sock.connect();
  StuckWS.all[0].open();
  sock.drop();
  assert.equal(sock.status, "reconnecting");
  clockF.advance(300);
  assert.equal(StuckWS.all.length, 2, "a new socket after the first backoff");
  StuckWS.all[1].onclose({ code: 1006 }); // offline: that one fails too
  assert.equal(StuckWS.all.length, 2);
  sock.wake();
  assert.equal(StuckWS.all.length, 3, "woken: tried again without waiting for the backoff");
  sock.close();
});

test("a refused token stops reconnecting and says so once", () => {
  FakeWS.all = [];
  const clockF = fakeClock();
  const fatal = [];
  const sock = new TableSocket({
    tableId: "t1", token: "bad", location: loc, WebSocketImpl: FakeWS, clock: clockF,
    onFrame: () => {}, onFatal: (code) => fatal.push(code),
  });
  sock.connect();
  FakeWS.all[0].open();
  FakeWS.all[0].close(4401);
  clockF.advance(60000);
  assert.deepEqual(fatal, [4401]);
  assert.equal(FakeWS.all.length, 1);
  assert.equal(sock.status, "closed");
});

test("a message holding several frames hands them over one by one, in order", () => {
  FakeWS.all = [];
  const frames = [];
  const sock = new TableSocket({
    tableId: "t1", token: "tok", location: loc, WebSocketImpl: FakeWS, clock: fakeClock(),
    onFrame: (f) => frames.push(f), onStatus: () => {},
  });
  sock.connect();
  const ws = FakeWS.all[0];
  ws.open();
  ws.receive([
    { type: "event", seq: 4, event: { type: "play" }, view: null },
    { type: "event", seq: 5, event: { type: "pass" }, view: { turn: 0 } },
    { type: "accepted", id: "c1", seq: 5 },
  ]);
  assert.deepEqual(frames.map((f) => f.type), ["event", "event", "accepted"]);
  assert.equal(sock.lastSeq, 5, "resuming would ask for what follows the last event of the batch");
});

test("a table that moved to another server (4012) or is busy there (1013) is reopened from the last event", () => {
  FakeWS.all = [];
  const clockF = fakeClock();
  const fatal = [];
  const sock = new TableSocket({
    tableId: "t1", token: "tok", location: loc, WebSocketImpl: FakeWS, clock: clockF,
    onFrame: () => {}, onFatal: (code) => fatal.push(code),
  });
  sock.connect();
  FakeWS.all[0].open();
  FakeWS.all[0].receive({ type: "welcome", seat: 0, table: {}, seq: 7 });
  FakeWS.all[0].receive({ type: "snapshot", seq: 7, table: {}, view: null });
  FakeWS.all[0].close(4012); // its lease was handed over: the load balancer knows the new home
  clockF.advance(300);
  assert.equal(FakeWS.all.length, 2);
  assert.equal(FakeWS.all[1].url, "ws://127.0.0.1:8000/ws/tables/t1?last_seq=7&view=patch");
  FakeWS.all[1].close(1013); // not handed over yet: try again
  clockF.advance(5000);
  assert.equal(FakeWS.all.length, 3);
  assert.ok(FakeWS.all[2].url.includes("last_seq=7"));
  assert.deepEqual(fatal, []);
  sock.close();
});

test("a server that opens the socket only to say it is unavailable and close is tried less and less often", () => {
  const { sock, clockF } = connected();
  const opened = [0];
  for (const wait of [300, 700, 1500, 3000, 5000, 5000]) {
    const ws = FakeWS.all[FakeWS.all.length - 1];
    ws.open();
    ws.receive({ type: "error", code: "unavailable", detail: "the tables cannot be read now" });
    ws.close(1013);
    clockF.advance(wait - 1);
    assert.equal(FakeWS.all.length, opened.length, `waits ${wait} ms`);
    clockF.advance(1);
    opened.push(0);
  }
  // once the server takes the socket in, a later drop is retried soon again
  const ws = FakeWS.all[FakeWS.all.length - 1];
  ws.open();
  ws.receive({ type: "welcome", seat: 0, table: {}, seq: 1 });
  ws.close(1006);
  clockF.advance(300);
  assert.equal(FakeWS.all.length, opened.length + 1);
  sock.close();
});

test("a seat taken by another tab is not taken back by itself, only when asked", () => {
  FakeWS.all = [];
  const clockF = fakeClock();
  let replaced = 0;
  const sock = new TableSocket({
    tableId: "t1", token: "tok", location: loc, WebSocketImpl: FakeWS, clock: clockF,
    onFrame: () => {}, onReplaced: () => (replaced += 1),
  });
  sock.connect();
  served(FakeWS.all[0]);
  FakeWS.all[0].close(4001); // the same seat opened in another tab
  clockF.advance(60000);
  assert.equal(FakeWS.all.length, 1, "no reconnecting: the tabs would take the seat in turn");
  assert.equal(replaced, 1);
  assert.equal(sock.status, "closed");
  sock.connect(); // "play here"
  assert.equal(FakeWS.all.length, 2);
  served(FakeWS.all[1]);
  assert.equal(sock.status, "open");
  sock.close();
});
