// Fakes for the table socket's tests: a WebSocket that records what is sent, a clock that
// runs timers when told, and a socket connected on them.
import { TableSocket } from "../../../web/protocol.js";

export class FakeWS {
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

export function fakeClock() {
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

export const loc = { protocol: "http:", host: "127.0.0.1:8000" };

/** The server opens `ws` and takes it in (its first frame). */
export function served(ws) {
  ws.open();
  ws.receive({ type: "welcome", seat: 0, table: {}, seq: 0 });
}

/** A socket connected (not yet open) on fresh fakes: the socket, its clock, the frames it handed over. */
export function connected() {
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
