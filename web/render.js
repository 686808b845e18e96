/**
 * Drawing the table screen from the state it is given: seats, info line, timer,
 * main button, annulment and absence bars. The board, the hand and the round and
 * match panels have their own files. Nothing here sends or changes the state.
 */

import { renderBoard } from "./board-view.js";
import { renderHand } from "./hand-view.js";
import { getLang, t } from "./i18n.js";
import { $, escapeHtml } from "./page.js";
import { renderOverlays } from "./result-panels.js";
import { renderScoreSheet } from "./score-view.js";
import { WARN_SECONDS } from "./seats.js";
import { renderPile, renderSeats as drawSeats, renderSeatTimer } from "./seats-view.js";
import { roundMoves } from "./explain.js";
import { seatName, sideOf } from "./sides.js";
import { serverNow } from "./server-clock.js";
import { clock, isMyTurn, mainAction, moveInFlight, mySeat, pageTitle, secondsLeft } from "./state.js";

/**
 * Draw the table screen from state `S`. `ui.picking`: the tile being placed, or null;
 * `ui.solo`: the table was made here against the computer (no invite shown first).
 */
export function render(S, ui = {}) {
  if ($("table").hidden) return;
  const picking = ui.picking || null;
  document.title = pageTitle(S);
  const v = S.view;
  renderSeats(S);
  renderPile(S, $("boneyard-pile"));
  renderInfo(S);
  renderOverlays(S);
  renderHand(S, picking);
  renderMain(S, picking);
  renderAnnulment(S);
  renderTimer(S);
  $("invite").hidden = !S.table || S.table.status === "finished";
  // the link goes out by the phone's share sheet where there is one, by WhatsApp, or copied
  const message = `${t("table.inviteText")} ${$("invite-url").value}`;
  $("whatsapp-link").href = `https://wa.me/?text=${encodeURIComponent(message)}`;
  $("share-link").hidden = typeof navigator.share !== "function";
  const invite = $("invite");
  if (S.table && S.table.status === "waiting" && !ui.solo && !invite.dataset.touched) {
    invite.open = true;
    invite.dataset.auto = "1"; // opened for the wait: folded again once the match starts
  } else if (S.table && S.table.status !== "waiting" && invite.dataset.auto) {
    invite.open = false;
    delete invite.dataset.auto;
  }
  // (a page that gave its seat to another tab or device acts for nobody: "Jogar aqui" first)
  $("resign").disabled = !v || v.over || S.seat === null || Boolean(S.yielded);
  $("annul").disabled = !v || v.over || S.seat === null || Boolean(S.table && S.table.annulment) || Boolean(S.yielded);
  $("claim").hidden = !(S.table && S.table.pace === "correspondence");
  $("device-btn").hidden = S.seat === null; // a seat of ours to carry to another device
  $("claim").disabled = S.yielded || absence(S) !== "late";
  // spectators watch; a seat a bot still holds (a friend arriving) waits for its turn
  const mine = S.table && S.seat !== null ? S.table.seats.find((s) => s.seat === S.seat) : null;
  $("reactions").hidden = !mine || mine.kind !== "human" || Boolean(S.yielded);
  renderAbsence(S);
  if ($("history-dialog").open) renderHistory(S);
  if ($("score-dialog").open) renderScoreSheet(S);
  // last: the line gets the height the parts above and the dock below leave it
  renderBoard(S, picking);
}

/** The history dialog's list: this round's moves, the last first (kept current while open). */
let historyText = null; // what the open dialog shows: redrawn only when that changes

export function renderHistory(S, force = false) {
  const lines = roundMoves(S);
  const title = t("history.title", { n: S.view ? S.view.round : 1 });
  const text = JSON.stringify([title, lines]);
  if (!force && text === historyText) return; // a screen reader's place in the list stays
  historyText = text;
  $("history-title").textContent = title;
  $("history-list").innerHTML = lines.length
    ? lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")
    : `<li class="empty">${escapeHtml(t("history.empty"))}</li>`;
}

/**
 * Correspondence: "waiting" while another person's turn runs, "late" once the
 * absence deadline has passed (any other player may claim); on our own turn "mine",
 * then "mineLate" (the others may end the match for our absence); else null.
 */
function absence(S) {
  const v = S.view;
  const table = S.table;
  if (!v || !table || table.pace !== "correspondence" || v.over || v.round_over || S.seat === null) return null;
  // (no deadline where nobody of another side could claim: the server says so)
  if (!table.deadline) return null;
  const past = secondsLeft(table.deadline, serverNow()) === 0;
  if (isMyTurn(S)) return past ? "mineLate" : "mine";
  const seat = table.seats.find((x) => x.seat === v.turn);
  // a partner's absence is not ours to claim: our own side would lose
  if (!seat || seat.kind !== "human" || sideOf(v.rules, seat.seat) === sideOf(v.rules, S.seat)) return null;
  return past ? "late" : "waiting";
}

const ABSENCE_TEXT = { waiting: "absence.until", late: "absence.late", mine: "absence.mine", mineLate: "absence.mineLate" };

function renderAbsence(S) {
  const state = S.yielded ? null : absence(S); // (said where the seat is played now)
  const bar = $("absence-bar");
  bar.hidden = state === null;
  if (state === null) return;
  const name = seatName(S, S.view.turn);
  const when = new Date(Date.parse(S.table.deadline)).toLocaleString(getLang(), { dateStyle: "short", timeStyle: "short" });
  const text = t(ABSENCE_TEXT[state], { name, when });
  if ($("absence-text").textContent !== text) $("absence-text").textContent = text;
  $("claim-now").hidden = state !== "late";
  $("claim").disabled = state !== "late";
}

export function renderSeats(S) {
  drawSeats(S, $("seats-bar"));
}

function renderInfo(S) {
  const v = S.view;
  const rules = (v && v.rules) || (S.table && S.table.rules) || null;
  $("info-round").textContent = v ? t("table.round", { n: v.round }) : "";
  $("info-goal").textContent = rules ? `${t(`preset.${rules.preset}`)} · ${t("table.goal", { n: rules.goal })}` : "";
  let bone = "";
  if (v && rules && rules.drawing !== false) bone = t("table.boneyard", { n: v.boneyard });
  else if (v && v.sleeping) bone = t("table.sleeping", { n: v.sleeping });
  $("info-boneyard").textContent = bone;
  $("info-count").textContent = v && v.count !== null && v.count !== undefined ? t("table.count", { n: v.count }) : "";
  let turn = "";
  if (!v) turn = t(!S.table ? "table.connecting" : S.table.status === "waiting" ? "table.waitingStart" : "table.dealing");
  else if (v.over) turn = t("match.over");
  else if (S.yielded) turn = t("action.elsewhere"); // this page hears nothing more until "Jogar aqui"
  else if (v.round_over) turn = t("round.over", { n: v.round });
  else if (isMyTurn(S)) turn = t("table.yourTurn");
  else if (v.turn === S.seat && mySeat(S).kind === "human") turn = t("table.computerForYou"); // back from away
  else turn = t("table.turnOf", { name: seatName(S, v.turn) });
  if (S.seat === null && v) turn += ` · ${t("table.spectator")}`;
  $("turn-text").textContent = turn;
}

export function renderTimer(S) {
  if (!$("table").hidden) renderAbsence(S);
  const el = $("timer");
  const v = S.view;
  const playing = S.table && v && !v.over;
  // a live turn timer, or between rounds (either pace) the countdown to the next one (the
  // server starts it by itself unless you are the only person at the table)
  // (not on a page that gave the seat to another: its clock would stand still, run out)
  const counts = playing && !S.yielded && (v.round_over || (S.table.pace === "live" && S.table.turn_seconds));
  const left = counts ? secondsLeft(S.table.deadline, serverNow()) : null;
  el.hidden = left === null;
  if (left !== null) {
    el.textContent = t(v.round_over ? "table.nextRoundIn" : "table.timer", { t: clock(left) });
    el.classList.toggle("low", left <= WARN_SECONDS && !v.round_over);
  }
  renderSeatTimer(S, $("seats-bar"));
}

function renderMain(S, picking) {
  const btn = $("main-action");
  const action = mainAction(S);
  btn.hidden = action.kind === "none";
  // while a tile is picked, the button says the next step: an end on the board
  btn.textContent = picking && action.kind === "play" ? t("action.pickEnd") : action.label;
  btn.dataset.kind = action.kind;
  btn.disabled = !action.enabled || moveInFlight(S);
  // after the match only the panel's own buttons (rematch, record, home) make sense
  $("more").hidden = Boolean(S.view && S.view.over);
}

function renderAnnulment(S) {
  const bar = $("annulment-bar");
  const a = S.table && S.table.annulment;
  const v = S.view;
  bar.hidden = !a || !v || v.over;
  if (!a) return;
  // the one who asked is told the others are being asked; the others, who asked
  $("annulment-text").textContent =
    a.by === S.seat ? t("annul.asked") : t("action.annulProposed", { name: seatName(S, a.by) });
  const voted = S.seat === null || a.by === S.seat || String(S.seat) in (a.votes || {});
  $("annul-yes").hidden = voted;
  $("annul-no").hidden = voted;
}
