// The table socket's commands across a drop: what was never answered goes again, same id;
// a move made while reconnecting is kept for the next socket; unavailable means try again.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_TRIES, RETRY_MS, WELCOME_LIMIT_MS } from "../../../web/protocol.js";
import { FakeWS, connected, served } from "./fake-socket.mjs";

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
