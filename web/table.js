/**
 * The table on screen: its state `S`, its socket, the frames that come in and
 * the commands that go out. Game rules live on the server; the page only shows
 * what the view says and sends commands.
 */

import { announce, toast } from "./announce.js";
import { recordUrl } from "./api.js";
import { forgetBoard } from "./board-view.js";
import { forgetHand } from "./hand-view.js";
import { t } from "./i18n.js";
import { showLobby } from "./invitation.js";
import { picking, setPicking } from "./moves.js";
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

/** A table created against the computer starts as soon as our socket is up. */
let pendingAutoStart = null;
/** Tables created here against the computer: no need to offer the invite first. */
export const soloTables = new Set();

/** Start the table `tableId` as soon as our socket is up there (tables against the computer). */
export function startOnOpen(tableId) {
  pendingAutoStart = tableId;
}

export function openTable(tableId, { spectate = false } = {}) {
  const held = store.seatAt(tableId);
  S = initialState(tableId, held ? held.seat : null);
  setPicking(null);
  forgetBoard();
  forgetHand();
  forgetReactions();
  if (!held && !spectate) {
    closeSocket();
    showLobby(tableId);
    return;
  }
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
      openTable(tableId);
    },
  });
  socket.connect();
  render();
  if (!timerHandle) timerHandle = setInterval(renderTimer, 500);
}

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
    setTimeout(renderSeats, SHOW_MS + 50); // and gone again
  }
  if (frame.type === "snapshot" || frame.type === "welcome") maybeAutoStart();
  if (!isMyTurn(before) && isMyTurn(S)) {
    playSound("turn", settings.sound);
    if (settings.notify) notifyTurn(S.tableId);
    announce(t("log.yourTurn"), true);
  }
  if (isMyTurn(before) && !isMyTurn(S)) clearTurn(S.tableId); // played: the notice is old
  if (picking && !isMyTurn(S)) setPicking(null);
  render();
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
  renderSeats();
}

