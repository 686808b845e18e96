// The table socket: URL, command ids, reconnect with last_seq, nothing sent while offline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_TRIES, PING_EVERY_MS, RETRY_MS, SILENCE_LIMIT_MS, TableSocket, WELCOME_LIMIT_MS, idMaker, socketProtocols, socketUrl } from "../../../web/protocol.js";

class FakeWS {
  static all = [];
  constructor(url, protocols) {
    this.url = url;
    this.protocols = protocols;
    this.sent = [];
    this.closed = false;
    FakeWS.all.push(this);
  }
  send(data) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1006) {
    this.closed = true;
    this.onclose && this.onclose({ code });
  }
  // test helpers
  open() {
    this.onopen();
  }
  receive(frame) {
    this.onmessage({ data: JSON.stringify(frame) });
  }
}

function fakeClock() {
  const timers = new Map();
  let next = 1;
  let now = 0;
  return {
    setTimeout: (f, ms) => {
      timers.set(next, { f, at: now + ms });
      return next++;
    },
    clearTimeout: (h) => timers.delete(h),
    now: () => now,
    advance(ms) {
      now += ms;
      for (const [h, tm] of [...timers]) {
        if (tm.at <= now) {
          timers.delete(h);
          tm.f();
        }
      }
    },
  };
}

const loc = { protocol: "http:", host: "127.0.0.1:8000" };

/** The server opens `ws` and takes it in (its first frame). */
function served(ws) {
  ws.open();
  ws.receive({ type: "welcome", seat: 0, table: {}, seq: 0 });
}

/** A socket connected (not yet open) on fresh fakes: the socket, its clock, the frames it handed over. */
function connected() {
  FakeWS.all = [];
  const clockF = fakeClock();
  const frames = [];
  const sock = new TableSocket({
    tableId: "t1", token: "tok", location: loc, WebSocketImpl: FakeWS, clock: clockF,
    onFrame: (f) => frames.push(f), onStatus: () => {},
  });
  sock.connect();
  return { sock, clockF, frames };
}

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

test("a command the lost socket never answered goes again on the next one, same id", () => {
  const { sock, clockF, frames } = connected();
  served(FakeWS.all[0]);
  const done = sock.send("play", { tile: "6-6", end: null });
  const lost = sock.send("play", { tile: "6-5", end: "left" });
  sock.send("ping");
  FakeWS.all[0].receive({ type: "accepted", id: done.id, seq: 5 });
  FakeWS.all[0].close(4012); // the table moved to another server before answering `lost`
  clockF.advance(300);
  const second = FakeWS.all[1];
  second.open();
  assert.deepEqual(second.sent, [], "nothing before the server takes the socket in");
  second.receive({ type: "event", seq: 5, event: { type: "play" }, view: null });
  assert.deepEqual(second.sent, [{ type: "play", id: lost.id, tile: "6-5", end: "left", at: 0 }], "only the unanswered move, not the answered one nor the ping; still saying the board it was chosen on");
  // the old server had applied it after all: the repeat is answered duplicate_id, which counts as done
  second.receive({ type: "rejected", id: lost.id, code: "duplicate_id", reason: "already applied" });
  assert.deepEqual(frames.at(-1), { type: "accepted", id: lost.id, seq: 5, resent: true });
  second.close(1012);
  clockF.advance(300);
  served(FakeWS.all[2]);
  assert.deepEqual(FakeWS.all[2].sent, [], "nothing left to send again");
  sock.close();
});

test("a move made while reconnecting is sent once the server takes the new socket in, if the table has not moved on", () => {
  const { sock, clockF, frames } = connected();
  FakeWS.all[0].open();
  FakeWS.all[0].receive({ type: "welcome", seat: 0, table: {}, seq: 7 });
  FakeWS.all[0].receive({ type: "snapshot", seq: 7, table: {}, view: null });
  FakeWS.all[0].close(1012); // a rolling restart
  assert.equal(sock.status, "reconnecting");
  const kept = sock.send("play", { tile: "6-6", end: null });
  assert.ok(kept, "kept, not thrown away");
  assert.equal(sock.send("draw"), null, "one kept move at a time");
  assert.equal(sock.send("react", { reaction: "nice" }), null, "only moves are kept");
  assert.equal(sock.send("ping"), null, "a ping is not kept");
  clockF.advance(300);
  const next = FakeWS.all[1];
  next.open();
  assert.deepEqual(next.sent, []);
  next.receive({ type: "welcome", seat: 0, table: {}, seq: 7 }); // nothing happened meanwhile
  assert.deepEqual(next.sent, [{ type: "play", id: kept.id, tile: "6-6", end: null, at: 7 }]);
  next.receive({ type: "accepted", id: kept.id, seq: 8 });
  assert.deepEqual(frames.at(-1), { type: "accepted", id: kept.id, seq: 8 }, "an answer like any other");
  sock.close();
  assert.equal(sock.send("play", { tile: "6-5", end: "L" }), null, "closed for good: nothing kept");
});

test("a move kept while reconnecting says the board it was chosen on: the server refuses it if the table moved on", () => {
  const { sock, clockF, frames } = connected();
  served(FakeWS.all[0]); // seq 0
  FakeWS.all[0].close(1006);
  const kept = sock.send("play", { tile: "2-0", end: "R" });
  clockF.advance(300);
  const next = FakeWS.all[1];
  next.open();
  // the timer ran out meanwhile and the computer played for us: the table is at seq 3
  next.receive({ type: "welcome", seat: 0, table: {}, seq: 3 });
  assert.deepEqual(next.sent, [{ type: "play", id: kept.id, tile: "2-0", end: "R", at: 0 }]);
  const refusal = { type: "rejected", id: kept.id, code: "stale", reason: "the match moved on" };
  next.receive(refusal);
  assert.deepEqual(frames.at(-1), refusal, "the page is told, as for any refusal");
  next.close(1006);
  clockF.advance(300);
  served(FakeWS.all[2]);
  assert.deepEqual(FakeWS.all[2].sent, [], "answered: never sent again");
  sock.close();
});

test("a handshake that hangs is given up; wake() tries again at once", () => {
  const { sock, clockF } = connected();
  clockF.advance(WELCOME_LIMIT_MS); // never opened: a dead network
  assert.equal(sock.status, "reconnecting");
  clockF.advance(300);
  assert.equal(FakeWS.all.length, 2);
  sock.wake(); // the browser says the network is back: the hanging socket goes for a new one
  assert.equal(FakeWS.all.length, 3);
  assert.ok(FakeWS.all[1].closed);
  sock.close();
});

test("a socket open but never served is dropped and opened again", () => {
  const { sock, clockF } = connected();
  FakeWS.all[0].open();
  clockF.advance(WELCOME_LIMIT_MS - 1);
  assert.equal(FakeWS.all.length, 1, "a takeover may take a lease's length");
  assert.equal(sock.status, "connecting");
  clockF.advance(1);
  assert.equal(sock.status, "reconnecting");
  clockF.advance(300);
  assert.equal(FakeWS.all.length, 2);
  sock.close();
});

test("a command answered unavailable is sent again, and its last refusal reaches the page", () => {
  const { sock, clockF, frames } = connected();
  const ws = FakeWS.all[0];
  ws.open();
  const cmd = sock.send("draw");
  for (let i = 1; i < MAX_TRIES; i += 1) {
    ws.receive({ type: "rejected", id: cmd.id, code: "unavailable", reason: "storage unavailable" });
    assert.equal(frames.length, 0, "not told while it is being tried again");
    clockF.advance(RETRY_MS);
    assert.equal(ws.sent.filter((c) => c.id === cmd.id).length, i + 1);
  }
  ws.receive({ type: "rejected", id: cmd.id, code: "unavailable", reason: "storage unavailable" });
  assert.equal(frames.length, 1);
  assert.equal(frames[0].code, "unavailable");
  assert.equal(frames[0].resent, true);
  // a stray second answer to a command sent twice is not shown as an error
  ws.receive({ type: "rejected", id: cmd.id, code: "duplicate_id", reason: "already applied" });
  assert.equal(frames.length, 1);
  sock.close();
});
