/**
 * The table on screen, wired: its state `S` and the tile being placed (`picking`),
 * both owned here and changed only here; its socket; the frames that come in and
 * the commands that go out; `redraw` draws the views from them. Game rules live on
 * the server; the page only shows what the view says and sends commands.
 */

import { announce, toast } from "./announce.js";
import { recordUrl } from "./api.js";
import { forgetBoard, renderBoard } from "./board-view.js";
import { forgetHand } from "./hand-view.js";
import { t } from "./i18n.js";
import { reroute } from "./nav.js";
import { clearTurn, notifyTurn } from "./notify.js";
import { $, show } from "./page.js";
import { TableSocket } from "./protocol.js";
import { forgetReactions, noteReaction, SHOW_MS } from "./reactions.js";
import { render, renderSeats, renderTimer } from "./render.js";
import { settings, store } from "./settings.js";
import { play as playSound } from "./sound.js";
import { describeEvent, initialState, isMyTurn, reduce, seatName, withPending } from "./state.js";

/** Everything about the table on screen. */
export let S = initialState();
export let socket = null;
let timerHandle = null;

/** The tile whose end the player is choosing, `{tile, targets}`, or null. */
export let picking = null;

/** Set the tile being placed (`{tile, targets}`) or, with null, forget it. */
export function setPicking(value) {
  picking = value;
}

/** Draw the table screen from the state as it is now. */
export function redraw() {
  render(S, { picking, solo: soloTables.has(S.tableId) });
}

/** Draw the line again (only if the room it has changed). */
export function redrawBoard() {
  if (!$("table").hidden) renderBoard(S, picking);
}

function redrawSeats() {
  renderSeats(S);
}

function tick() {
  renderTimer(S);
}

/** A table created against the computer starts as soon as our socket is up. */
let pendingAutoStart = null;
/** Tables created here against the computer: no need to offer the invite first. */
export const soloTables = new Set();

/** Start the table `tableId` as soon as our socket is up there (tables against the computer). */
export function startOnOpen(tableId) {
  pendingAutoStart = tableId;
}

/** Open the table `tableId` with the seat this browser holds there, or to watch. */
export function openTable(tableId, { spectate = false } = {}) {
  const held = spectate ? null : store.seatAt(tableId);
  S = initialState(tableId, held ? held.seat : null);
  setPicking(null);
  forgetBoard();
  forgetHand();
  forgetReactions();
  store.setCurrent(tableId);
  show("table");
  $("invite-url").value = `${location.origin}/t/${encodeURIComponent(tableId)}`;
  $("record-link").href = recordUrl(tableId);
  closeSocket();
  socket = new TableSocket({
    tableId,
    token: held ? held.token : null,
    location,
    onFrame,
    onStatus: showConnection,
    onFatal: (code) => {
      // our seat token is not valid here (4401) or the table is gone (4404): back to the invitation
      if (code === 4401 || code === 4404) store.forgetSeat(tableId);
      closeSocket();
      reroute();
    },
  });
  socket.connect();
  redraw();
  if (!timerHandle) timerHandle = setInterval(tick, 500);
}

/** Close the table's socket for good (leaving the table screen). */
export function closeSocket() {
  if (socket) socket.close();
  socket = null;
  if (timerHandle) clearInterval(timerHandle);
  timerHandle = null;
  $("conn-banner").hidden = true;
}

export function onFrame(frame) {
  const before = S;
  S = reduce(S, frame);
  if (frame.type === "rejected" || frame.type === "error") {
    const code = frame.code;
    const known = t(`reject.${code}`);
    const reason = known !== `reject.${code}` ? known : frame.reason || frame.detail || code;
    const sent = frame.id ? before.pending[frame.id] : null;
    const move = sent && ["play", "draw", "pass"].includes(sent.type);
    toast(t(move ? "reject.prefix" : "reject.prefixOther", { reason }));
    playSound("error", settings.sound);
  }
  if (frame.type === "event") {
    const line = describeEvent(S, frame.event);
    if (line) announce(line);
    if (frame.event && frame.event.type === "play") playSound("tile", settings.sound);
    if (frame.event && frame.event.type === "round_end") playSound("round", settings.sound);
  }
  if (frame.type === "reaction") {
    noteReaction(frame.seat, frame.reaction, Date.now());
    // said to a screen reader in words (no emoji names), and not our own back to us
    if (frame.seat !== S.seat) announce(`${seatName(S, frame.seat)}: ${t(`reaction.${frame.reaction}`)}`);
    setTimeout(redrawSeats, SHOW_MS + 50); // and gone again
  }
  if (frame.type === "snapshot" || frame.type === "welcome") maybeAutoStart();
  if (!isMyTurn(before) && isMyTurn(S)) {
    playSound("turn", settings.sound);
    if (settings.notify) notifyTurn(S.tableId);
    announce(t("log.yourTurn"), true);
  }
  if (isMyTurn(before) && !isMyTurn(S)) clearTurn(S.tableId); // played: the notice is old
  if (picking && !isMyTurn(S)) setPicking(null);
  redraw();
}

function maybeAutoStart() {
  if (pendingAutoStart !== S.tableId || !S.table) return;
  pendingAutoStart = null;
  if (S.table.status === "waiting") send("start");
}

export function send(type, fields) {
  if (!socket) return null;
  const cmd = socket.send(type, fields);
  if (!cmd) {
    toast(t("conn.offline"));
    return null;
  }
  S = withPending(S, cmd);
  return cmd;
}

let wasLost = false;
function showConnection(status) {
  const banner = $("conn-banner");
  if (status === "reconnecting") {
    banner.textContent = t("conn.lost");
    banner.className = "banner warn";
    banner.hidden = false;
    wasLost = true;
  } else if (status === "open" && wasLost) {
    banner.textContent = t("conn.back");
    banner.className = "banner ok";
    banner.hidden = false;
    wasLost = false;
    setTimeout(() => {
      if (socket && socket.status === "open") banner.hidden = true;
    }, 1500);
  } else if (status === "open" || status === "closed") {
    banner.hidden = true;
  }
  redrawSeats();
}

