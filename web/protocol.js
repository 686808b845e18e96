/**
 * The table's websocket (DESIGN.md §2): one connection per seat, commands with
 * ids, and reconnection that resumes from the last event seen.
 *
 * `TableSocket` takes its WebSocket constructor and timer functions as options
 * so node tests can drive it with fakes.
 */

const BACKOFF_MS = [300, 700, 1500, 3000, 5000];
/** A ping every 2.5 s; nothing heard for 4 s (the server answers each ping) means the
 * link is gone: the page says so within about 5 s and reconnects. */
export const PING_EVERY_MS = 2500;
export const SILENCE_LIMIT_MS = 4000;
/** A socket open but not taken in by the server (no frame but an `error`) this long is
 * dropped and opened again: taking a table over from a dead instance can take a lease's
 * length (10 s), and the page says "reconnecting" all the while. */
export const WELCOME_LIMIT_MS = 15000;
/** The commands a page may make while reconnecting, kept for the next socket (moves). */
const KEPT_WHILE_AWAY = ["play", "draw", "pass"];
/** Close codes after which reconnecting cannot help: unknown table, token holding no seat. */
export const FATAL_CLOSE_CODES = [4401, 4404];
/** A newer socket took our seat (another tab or device): reconnecting would take it back,
 * and the other would take it again, in turn; wait to be asked (`connect()`). */
export const REPLACED_CLOSE_CODE = 4001;
/** A command answered `unavailable` goes again after RETRY_MS, at most MAX_TRIES times in all. */
export const RETRY_MS = 1000;
export const MAX_TRIES = 4;

/** `ws(s)://host/ws/tables/{id}?last_seq=…&view=patch` for a page at `location`.
 * `view=patch`: after the first whole view, events carry only what changed in it.
 * The seat token never goes in the URL (logs and proxies keep URLs): see socketProtocols. */
export function socketUrl(location, tableId, lastSeq) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const params = new URLSearchParams();
  if (lastSeq > 0) params.set("last_seq", String(lastSeq));
  params.set("view", "patch");
  const query = params.toString();
  return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${query ? `?${query}` : ""}`;
}

/** The `Sec-WebSocket-Protocol` values to offer: the protocol, and the seat token if any. */
export function socketProtocols(token) {
  return token ? ["domino.v1", `domino.token.${token}`] : ["domino.v1"];
}

/** Makes command ids unique across page loads: a random prefix and a counter. */
export function idMaker(random = Math.random) {
  const prefix = Math.floor(random() * 0xffffffff).toString(36).padStart(7, "0");
  let n = 0;
  return () => `${prefix}-${++n}`;
}

export class TableSocket {
  /**
   * @param {object} o
   * @param {string} o.tableId
   * @param {string|null} o.token seat token, null to watch
   * @param {{protocol: string, host: string}} o.location
   * @param {(frame: object) => void} o.onFrame every parsed server frame (frames of one
   *   message, an array, are passed one by one)
   * @param {(status: "connecting"|"open"|"reconnecting"|"closed") => void} [o.onStatus]
   * @param {(code: number) => void} [o.onFatal] the server refused us for good (4401, 4404)
   * @param {() => void} [o.onReplaced] a newer socket took our seat (4001): no reconnecting
   *   until `connect()`
   * @param {typeof WebSocket} [o.WebSocketImpl]
   * @param {{setTimeout: Function, clearTimeout: Function, now: () => number}} [o.clock]
   * @param {() => string} [o.nextId]
   */
  constructor(o) {
    this.tableId = o.tableId;
    this.token = o.token;
    this.location = o.location;
    this.onFrame = o.onFrame;
    this.onStatus = o.onStatus || (() => {});
    this.onFatal = o.onFatal || (() => {});
    this.onReplaced = o.onReplaced || (() => {});
    this.WS = o.WebSocketImpl || globalThis.WebSocket;
    this.clock = o.clock || {
      setTimeout: (f, ms) => globalThis.setTimeout(f, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h),
      now: () => Date.now(),
    };
    this.nextId = o.nextId || idMaker();
    this.lastSeq = 0;
    this.status = "closed";
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
    this.pingTimer = null;
    this.lastHeard = 0;
    // command id → {command, tries}: sent and not answered yet. A socket lost meanwhile
    // (a restart, the table moving to another server) never answers them: the next
    // socket sends them again, same id (the server applies an id once).
    this.unanswered = new Map();
  }

  /** Open the connection (and keep it open until `close`). */
  connect() {
    this.stopped = false;
    this._open();
  }

  /** Close for good: no more reconnection. */
  close() {
    this.stopped = true;
    this._clearTimers();
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      try {
        ws.close();
      } catch {
        // already closed
      }
    }
    this._setStatus("closed");
  }

  /** Drop the current connection as if the network failed: reconnecting starts at once,
   * without waiting for a closing handshake a dead network cannot finish. */
  drop() {
    const ws = this.ws;
    if (!ws) return;
    this._lost(ws, { code: 1006 });
    try {
      ws.close();
    } catch {
      // already closed
    }
  }

  /** Not served: try again now (the browser says the network is back). A socket still
   * opening may hang on the network that was lost: it is dropped for a new one. */
  wake() {
    if (this.stopped || this.status === "open" || this.status === "closed") return;
    if (this.ws) this.drop();
    this._open();
  }

  /**
   * Send a command `{type, ...fields}` with a fresh id. Returns the command (with its
   * id): sent now, or, while reconnecting, a move (play, draw, pass; one at a time) kept
   * for the next socket and sent once the server takes it in. A move carries `at`, the
   * last event seen when it was chosen: the server refuses it `stale` if the match moved
   * on since (so a move kept, or sent and lost in a drop, never lands on a later board).
   * Null when nothing is sent: another command while reconnecting, closed for good, or a
   * ping.
   */
  send(type, fields = {}) {
    const open = this.ws && this.status === "open";
    if (!open) {
      const keep = KEPT_WHILE_AWAY.includes(type) && !this.stopped && this.status !== "closed" &&
        ![...this.unanswered.values()].some((c) => c.kept);
      if (!keep) return null;
    }
    const command = { type, id: this.nextId(), ...fields };
    if (KEPT_WHILE_AWAY.includes(type)) command.at = this.lastSeq;
    if (open) this.ws.send(JSON.stringify(command));
    if (type !== "ping") {
      this.unanswered.set(command.id, { command, tries: open ? 1 : 0, kept: !open });
    }
    return command;
  }

  /** An answer to one of our commands, as the app should see it: `null` when the command
   * goes again instead (`unavailable`: not applied, the table could not act on it), an
   * `accepted` for a resend the server had already applied (`duplicate_id`), else the
   * frame itself (a resend's answer marked `resent`). */
  _answer(frame) {
    const sent = this.unanswered.get(frame.id);
    // the second answer to a command sent twice (a retry crossing a reconnect's resend)
    if (!sent) return frame.type === "rejected" && frame.code === "duplicate_id" ? null : frame;
    if (frame.type === "rejected" && frame.code === "unavailable" && sent.tries < MAX_TRIES) {
      this.clock.setTimeout(() => this._resend(frame.id), RETRY_MS);
      return null;
    }
    this.unanswered.delete(frame.id);
    if (sent.tries === 1) return frame;
    if (frame.type === "rejected" && frame.code === "duplicate_id") {
      return { type: "accepted", id: frame.id, seq: this.lastSeq, resent: true };
    }
    return { ...frame, resent: true };
  }

  /** Send command `id` again, same id, if it is still unanswered and a socket is open
   * (else the next socket does). */
  _resend(id) {
    const sent = this.unanswered.get(id);
    if (!sent || !this.ws || this.status !== "open") return;
    sent.tries += 1;
    this.ws.send(JSON.stringify(sent.command));
  }

  _setStatus(status) {
    if (this.status !== status) {
      this.status = status;
      this.onStatus(status);
    }
  }

  _open() {
    this._clearTimers();
    const url = socketUrl(this.location, this.tableId, this.lastSeq);
    this._setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const ws = new this.WS(url, socketProtocols(this.token));
    this.ws = ws;
    // a socket not served (its handshake hanging on a dead network, or the server still
    // taking the table over) is given up after WELCOME_LIMIT_MS
    this.pingTimer = this.clock.setTimeout(() => this.ws === ws && this.status !== "open" && this.drop(), WELCOME_LIMIT_MS);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      // open is not served yet: the server may still be taking the table over (or say it
      // cannot serve it now and close); "open" comes with its first real frame
      this.lastHeard = this.clock.now();
    };
    ws.onmessage = (msg) => {
      if (this.ws !== ws) return;
      this.lastHeard = this.clock.now();
      let message;
      try {
        message = JSON.parse(msg.data);
      } catch {
        return;
      }
      // one frame, or an array of frames the server had ready together, in order
      for (const frame of Array.isArray(message) ? message : [message]) {
        if (this.ws !== ws) return; // a frame may have closed this socket
        // the server took us in (a socket it opens only to say `error` and close, the
        // database away, is not): open now, the next drop retries soon again, and what we
        // sent that was never answered (or kept while reconnecting) goes now, same ids
        if (frame.type !== "error" && this.status !== "open") this._served();
        if ((frame.type === "event" || frame.type === "snapshot") && typeof frame.seq === "number") {
          if (frame.type === "snapshot" || frame.seq > this.lastSeq) this.lastSeq = frame.seq;
        }
        const answer = (frame.type === "accepted" || frame.type === "rejected") && frame.id ? this._answer(frame) : frame;
        if (answer) this.onFrame(answer);
      }
    };
    ws.onclose = (ev) => this._lost(ws, ev);
    ws.onerror = () => {
      // onclose follows and reconnects
    };
  }

  /** The server took the current socket in: what was kept while reconnecting, or sent and
   * never answered, goes now, same ids (a command already applied is answered
   * `duplicate_id`, never applied twice; a move chosen on a board the match has left
   * since is answered `stale`). */
  _served() {
    this.attempt = 0;
    this._clearTimers();
    this._setStatus("open");
    this._schedulePing();
    for (const id of [...this.unanswered.keys()]) this._resend(id);
  }

  /** `ws` closed (or was dropped): reconnect with backoff, or stop for a fatal code. */
  _lost(ws, ev) {
    if (this.ws !== ws) return;
    this.ws = null;
    this._clearTimers();
    if (this.stopped) return;
    if (ev && FATAL_CLOSE_CODES.includes(ev.code)) {
      this.stopped = true;
      this._setStatus("closed");
      this.onFatal(ev.code);
      return;
    }
    if (ev && ev.code === REPLACED_CLOSE_CODE) {
      this.stopped = true;
      this.attempt = 0;
      this._setStatus("closed");
      this.onReplaced();
      return;
    }
    this._setStatus("reconnecting");
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.timer = this.clock.setTimeout(() => this._open(), delay);
  }

  _schedulePing() {
    this.pingTimer = this.clock.setTimeout(() => {
      if (!this.ws || this.status !== "open") return;
      if (this.clock.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        this.drop();
        return;
      }
      this.send("ping");
      this._schedulePing();
    }, PING_EVERY_MS);
  }

  _clearTimers() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    if (this.pingTimer !== null) this.clock.clearTimeout(this.pingTimer);
    this.timer = null;
    this.pingTimer = null;
  }
}
