/**
 * The table on screen, wired: its state `S` and the tile being placed (`picking`),
 * both owned here and changed only here; its socket; the frames that come in and
 * the commands that go out; `redraw` draws the views from them. Game rules live on
 * the server; the page only shows what the view says and sends commands.
 */

import { announce, toast } from "./announce.js";
import { bannerShows, hideBanner, showBanner, wordBanner } from "./conn-banner.js";
import { dismissPlayedForMe, forgetPlayedForMe, noteAwayFromTable, notePlayedForMe, showPlayedForMe } from "./auto-notice.js";
import { recordUrl } from "./api.js";
import { forgetBoard, renderBoard } from "./board-view.js";
import { forgetHand } from "./hand-view.js";
import { isolate, t } from "./i18n.js";
import { reroute } from "./nav.js";
import { clearTurn, notifyTurn } from "./notify.js";
import { clearFairResult, offerSeed } from "./fair-view.js";
import { $, show } from "./page.js";
import { TableSocket } from "./protocol.js";
import { renderPush } from "./push.js";
import { forgetReactions, noteReaction, SHOW_MS } from "./reactions.js";
import { render, renderSeats, renderTimer } from "./render.js";
import { settings, store } from "./settings.js";
import { carriedRefused, carriedTaken, tryCarried } from "./seat-trial.js";
import { play as playSound } from "./sound.js";
import { connectionNews, matchSentence, repeatsJoin, roundSentence } from "./happenings.js";
import { WARN_SECONDS } from "./seats.js";
import { turnTimer } from "./seats-view.js";
import { describeEvent } from "./explain.js";
import { seatName } from "./sides.js";
import { connectionChanges, initialState, isMyTurn, moveInFlight, reduce, tilesGained, withPending } from "./state.js";
import { keepFocus } from "./focus-keeper.js";
import { heardServerTime } from "./server-clock.js";

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

/** Draw the table screen from the state as it is now (its notices worded in the language of the moment). */
export function redraw() {
  render(S, { picking, solo: soloTables.has(S.tableId) });
  renderPush(S);
  showPlayedForMe();
  wordBanner();
}

/** Draw the line again (only if the room it has changed). */
export function redrawBoard() {
  if (!$("table").hidden) renderBoard(S, picking);
}

function redrawSeats() {
  renderSeats(S);
}

/** The turn we last warned about (its deadline), so the warning is said once. */
let warned = null;

function tick() {
  renderTimer(S);
  const timer = isMyTurn(S) ? turnTimer(S) : null;
  if (timer && timer.left <= WARN_SECONDS && timer.left > 0 && warned !== S.table.deadline) {
    warned = S.table.deadline;
    const left = timer.left;
    announce(() => t("timer.warn", { n: left }));
    playSound("turn", settings.sound);
  }
}

/** A table created against the computer starts as soon as our socket is up. */
let pendingAutoStart = null;
/** Tables created here against the computer: no need to offer the invite first. */
export const soloTables = new Set();

/** Start the table `tableId` as soon as our socket is up there (tables against the computer). */
export function startOnOpen(tableId) {
  pendingAutoStart = tableId;
}

/** Open the table `tableId` with the seat this browser holds there, or to watch; or with
 * `carried`, a seat link's seat, kept once the server takes it. */
export function openTable(tableId, { spectate = false, carried = null } = {}) {
  tryCarried(tableId, carried);
  const held = spectate ? null : carried || store.seatAt(tableId);
  S = initialState(tableId, held ? held.seat : null);
  setPicking(null);
  clearFairResult();
  forgetBoard();
  forgetHand();
  forgetReactions();
  forgetPlayedForMe();
  lostAt.clear();
  store.setCurrent(tableId);
  if (held && !carried) store.touchSeat(tableId); // a table played again is the last seat to be forgotten
  show("table");
  $("invite-url").value = `${location.origin}/t/${encodeURIComponent(tableId)}`;
  $("record-link").href = recordUrl(tableId);
  $("replay-link").href = `/t/${encodeURIComponent(tableId)}/replay`;
  closeSocket();
  socket = new TableSocket({
    tableId,
    token: held ? held.token : null,
    location,
    onFrame,
    onStatus: showConnection,
    onReplaced: () => {
      $("elsewhere-bar").hidden = false; // (table-controls.js: "Jogar aqui")
      onFrame({ type: "yielded" }); // the hand and the main button lock until then
    },
    onFatal: (code) => {
      // our seat token is not valid here (4401) or the table is gone (4404): back to the
      // invitation; a seat link's token was never kept, and what was kept stays
      if (carriedRefused(tableId)) toast(t("device.badLink"));
      else if (code === 4401 || code === 4404) store.forgetSeat(tableId);
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
  $("elsewhere-bar").hidden = true;
  if (socket) socket.close();
  socket = null;
  if (timerHandle) clearInterval(timerHandle);
  timerHandle = null;
  heldPoints = null;
  hideBanner();
}

/** Seat -> the event number when its person's lost connection was said here. */
const lostAt = new Map();

/** The experience points of a match that has not shown as over yet: said after who won. */
let heldPoints = null;

export function onFrame(frame) {
  if (frame.type === "welcome" && frame.now) heardServerTime(frame.now);
  if (frame.type === "welcome") carriedTaken(S.tableId, frame.seat);
  const before = S;
  S = reduce(S, frame);
  // a command sent again after a lost socket that the table had overtaken meanwhile (a
  // bot played the turn, the round ended): the board shows what happened, nothing to say
  // (a socket told the server cannot serve it now is closed and tried again: the banner says so)
  const away = frame.type === "error" && frame.code === "unavailable" && !frame.id;
  if ((frame.type === "rejected" || frame.type === "error") && (!frame.resent || frame.code === "unavailable") && !away) {
    const code = frame.code;
    const known = t(`reject.${code}`);
    const reason = known !== `reject.${code}` ? known : frame.reason || frame.detail || code;
    const sent = frame.id ? before.pending[frame.id] : null;
    const move = sent && ["play", "draw", "pass"].includes(sent.type);
    toast(t(move ? "reject.prefix" : "reject.prefixOther", { reason }));
    playSound("error", settings.sound);
  }
  if (["welcome", "snapshot", "table"].includes(frame.type)) noteAwayFromTable(S.table, S.seat, frame.away_ended);
  if (frame.type === "event") {
    notePlayedForMe(before, S, frame.event);
    // said as a function of the state then, so a language change words it again (resay)
    const now = S;
    const event = frame.event;
    // a round's end is said once, by the round panel's sentence below ("Fim da rodada 1. ..."),
    // or where the views skip the round over (a resume), when the next round shows; so is
    // the match's, and its experience points are said after who won (held until then)
    const news = event && !["round_end", "match_end"].includes(event.type) && !repeatsJoin(before.feed, event);
    // our own draw names the tiles it brought (the hand's new ones)
    const drawn = event && event.type === "draw" && event.seat === now.seat ? tilesGained(before.view, now.view) : [];
    const say = () => describeEvent(now, event, drawn);
    if (news && event.type === "ranking" && !(before.view && before.view.over)) heldPoints = say;
    else if (news && say()) announce(say);
    if (frame.event && frame.event.type === "play") playSound("tile", settings.sound);
    if (frame.event && frame.event.type === "round_end") playSound("round", settings.sound);
  }
  if (frame.type === "table") {
    // another person's socket lost or back (the seat list shows it): said too
    for (const seat of connectionChanges(before.table, S.table, S.seat)) {
      if (seat.connected && !connectionNews(S.feed, seat, lostAt.get(seat.seat))) continue;
      if (!seat.connected) lostAt.set(seat.seat, S.seq);
      const now = S;
      announce(() => describeEvent(now, { type: "connection", seat: seat.seat, connected: seat.connected }));
    }
  }
  if (frame.type === "reaction") {
    noteReaction(frame.seat, frame.reaction, Date.now());
    // said to a screen reader in words (no emoji names), and not our own back to us
    const now = S;
    const { seat, reaction } = frame;
    if (seat !== S.seat) announce(() => `${isolate(seatName(now, seat))}: ${t(`reaction.${reaction}`)}`);
    setTimeout(redrawSeats, SHOW_MS + 50); // and gone again
  }
  if (frame.type === "snapshot" || frame.type === "welcome") maybeAutoStart();
  if (!isMyTurn(before) && isMyTurn(S)) {
    playSound("turn", settings.sound);
    if (settings.notify) notifyTurn(S.tableId);
    announce(() => t("log.yourTurn"));
  }
  if (isMyTurn(before) && !isMyTurn(S)) clearTurn(S.tableId); // played: the notice is old
  if (picking && !isMyTurn(S)) setPicking(null);
  const roundEnded = !(before.view && before.view.round_over) && S.view && S.view.round_over && !S.view.over;
  const roundSkipped = before.view && S.view && S.view.round > before.view.round && !before.view.round_over;
  if (roundSkipped) announce(() => t("log.round_end"));
  const matchEnded = !(before.view && before.view.over) && S.view && S.view.over;
  const roundStarted = Boolean(before.view && before.view.round_over && S.view && !S.view.round_over);
  offerSeed(S, send); // our client seed for a committed deal (fair-view.js)
  if (matchEnded && S.seat !== null) store.markFinished(S.tableId); // its seat may go first
  redraw();
  // a new panel: its result is said, and focus goes to it (a keyboard is not left behind)
  const ended = S;
  if (matchEnded) {
    announce(() => matchSentence(ended));
    if (heldPoints) announce(heldPoints);
    heldPoints = null;
    focusPanel("match-title");
  } else if (roundEnded) {
    announce(() => roundSentence(ended));
    focusPanel("round-title");
  } else if (!moveInFlight(S)) {
    keepFocus(roundStarted); // (a move of ours on its way may give its button back)
  }
}


function focusPanel(id) {
  const el = $(id);
  if (el && !el.closest("[hidden]")) el.focus({ preventScroll: false });
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
  if (["play", "draw", "pass"].includes(type)) dismissPlayedForMe();
  return cmd;
}

/** The browser's own word on the network: offline is said at once (the socket is
 * dropped, our seat marked), and back online we reconnect without waiting. */
export function bindNetwork() {
  window.addEventListener("offline", () => {
    if (!socket) return;
    socket.drop();
    S = { ...S, link: "offline" };
    showBanner("conn.offlineNow", "warn");
    wasLost = true;
    redrawSeats();
  });
  window.addEventListener("online", () => {
    if (socket) socket.wake();
  });
  $("auto-ok").addEventListener("click", dismissPlayedForMe);
}

let wasLost = false;
function showConnection(status) {
  // offline (the browser said so) stays offline until a socket opens again
  S = { ...S, link: S.link === "offline" && status !== "open" ? "offline" : status };
  if (status === "reconnecting") {
    if (S.link === "offline") return redrawSeats();
    showBanner("conn.lost", "warn");
    wasLost = true;
  } else if (status === "open" && wasLost) {
    showBanner("conn.back", "ok");
    wasLost = false;
    setTimeout(() => {
      if (socket && socket.status === "open" && bannerShows("conn.back")) hideBanner();
    }, 1500);
  } else if (status === "open" || status === "closed") {
    hideBanner();
  }
  if (status !== "closed") $("elsewhere-bar").hidden = true;
  redrawSeats();
}
