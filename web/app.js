/**
 * The page's entry: settings applied, every control bound, the route opened.
 * The modules go one way (web/README.md): pure state (state.js, board.js, ...)
 * <- views that draw it (render.js, board-view.js, hand-view.js, ...) <- the
 * wiring (table.js owns the state and the socket; moves.js, table-controls.js,
 * home.js, invitation.js, routes.js) <- this entry.
 */

import { fitLive, resay } from "./announce.js";
import { bindBoard, forgetBoard } from "./board-view.js";
import { bindFair, relabelFair, showCommitment } from "./fair-view.js";
import { bindHand, forgetHand } from "./hand-view.js";
import { quickPlay, refreshHomeForm, refreshQuickPlay, submitHome } from "./home.js";
import { seatFromHash } from "./device-link.js";
import { applyI18n, LANGS, setLang, t } from "./i18n.js";
import { relabelLobby, spectate, submitJoin } from "./invitation.js";
import { controls } from "./moves.js";
import { renderMyTables, showMyTables, wireMyTables } from "./my-tables-view.js";
import { go, onRoute } from "./nav.js";
import { clearTurn } from "./notify.js";
import { $ } from "./page.js";
import { bindPush, relabelPush } from "./push.js";
import { renderExperience } from "./ranking-view.js";
import { bindReplay, relabelReplay, shownRecord } from "./replay-page.js";
import { route } from "./routes.js";
import { bindRules, renderRules } from "./rules-dialog.js";
import { applySettings, bindSettings, saveSettings, store } from "./settings.js";
import { bindTableControls } from "./table-controls.js";
import { bindNetwork, onFrame, redraw, redrawBoard, S, send, socket } from "./table.js";
import { followFocus } from "./focus-keeper.js";

// ---------------------------------------------------------------- language (every text on the page again)

function relabel() {
  applyI18n(document);
  for (const sel of [$("preset"), $("rules-preset")]) {
    for (const o of sel.options) o.textContent = t(`preset.${o.value}`);
  }
  forgetBoard();
  forgetHand();
  if (!$("home").hidden) {
    refreshHomeForm();
    refreshQuickPlay();
    renderExperience();
    renderMyTables();
  }
  relabelLobby(); // the invitation on screen, as the table was when it was opened
  redraw();
  showCommitment(S); // the table menu's line naming the shuffle promised
  relabelFair(); // and a shuffle check's result, on the table or the replay
  resay(); // the line under the felt too, at once: not in the old language until the next move
  relabelReplay(); // the replay on screen too (its step, its players' names)
  if ($("rules-dialog").open) renderRules();
  relabelPush(); // and the reminders the service worker shows later
}

function bindChrome() {
  $("lang-select").addEventListener("change", (ev) => {
    saveSettings({ lang: setLang(ev.target.value) });
    applySettings();
    relabel();
  });
  bindSettings();
  bindRules(() => (S.view ? S.view.rules.preset : null));
  // back on the tab: the "your turn" notification of the table on screen has said what it
  // had to (on the home page, a table left earlier keeps its own: the player has not seen it)
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) return;
    if (S.tableId && !$("table").hidden) clearTurn(S.tableId);
    if (!$("home").hidden) showMyTables(); // "Vez de Ana" may be old news by now
  });
  $("brand").addEventListener("click", (ev) => {
    ev.preventDefault();
    go("/");
  });
  for (const id of ["go-home", "replay-home", "lobby-home", "lobby-over-home"]) {
    $(id).addEventListener("click", (ev) => {
      ev.preventDefault();
      go("/");
    });
  }
  for (const id of ["replay-link", "lobby-replay"]) {
    $(id).addEventListener("click", (ev) => {
      ev.preventDefault();
      go(ev.currentTarget.getAttribute("href"));
    });
  }
  wireMyTables();
  $("new-table").addEventListener("change", refreshHomeForm);
  $("new-table").addEventListener("submit", submitHome);
  $("quick-play").addEventListener("click", quickPlay);
  $("join-form").addEventListener("submit", submitJoin);
  $("spectate-btn").addEventListener("click", spectate);
  window.addEventListener("popstate", route);
  window.addEventListener("resize", redrawBoard); // redraws only when the room changes
  window.addEventListener("resize", fitLive); // the last-moves line: whole sentences in view
}

function start() {
  onRoute(route);
  // a link to our seat from another device of ours (device-link.js) speaks our language,
  // on a device that has no choice of its own yet (kept once the seat is: table.js)
  const carried = seatFromHash(location.hash);
  if (carried && LANGS.includes(carried.lang) && !store.hasSettings()) setLang(carried.lang);
  applySettings();
  bindChrome();
  bindHand(controls);
  bindBoard(controls, redrawBoard);
  bindTableControls();
  followFocus();
  bindNetwork();
  bindReplay();
  bindFair({ tableId: () => S.tableId, replayRecord: shownRecord });
  bindPush();
  relabel();
  route();
  document.body.dataset.ready = "1";
}

start();

// For tests and the curious: the current state, read-only.
globalThis.dominoDebug = {
  state: () => S,
  drop: () => socket && socket.drop(),
  send: (type, fields) => send(type, fields),
  /** Handle `frame` as if the server had sent it (tests draw boards no deal would give). */
  frame: (frame) => onFrame(frame),
};
