/**
 * Drawing the table screen from the state it is given: seats, info line, timer,
 * main button, annulment and absence bars. The board, the hand and the round and
 * match panels have their own files. Nothing here sends or changes the state.
 */

import { renderBoard } from "./board-view.js";
import { renderHand } from "./hand-view.js";
import { getLang, t } from "./i18n.js";
import { $, escapeHtml } from "./page.js";
import { reactionOf, reactionText } from "./reactions.js";
import { renderOverlays } from "./result-panels.js";
import {
  clock, isMyTurn, mainAction, moveInFlight, pageTitle, roundMoves, secondsLeft, seatName, sideCount, sideName, sideOf,
} from "./state.js";

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
  renderInfo(S);
  renderOverlays(S);
  renderHand(S, picking);
  renderMain(S);
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
  $("resign").disabled = !v || v.over || S.seat === null;
  $("annul").disabled = !v || v.over || S.seat === null || Boolean(S.table && S.table.annulment);
  $("claim").hidden = !(S.table && S.table.pace === "correspondence");
  $("claim").disabled = absence(S) !== "late";
  // spectators watch; a seat a bot still holds (a friend arriving) waits for its turn
  const mine = S.table && S.seat !== null ? S.table.seats.find((s) => s.seat === S.seat) : null;
  $("reactions").hidden = !mine || mine.kind !== "human";
  renderAbsence(S);
  if ($("history-dialog").open) renderHistory(S);
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
 * absence deadline has passed (any other player may claim), else null.
 */
function absence(S) {
  const v = S.view;
  const table = S.table;
  if (!v || !table || table.pace !== "correspondence" || v.over || v.round_over || S.seat === null) return null;
  if (isMyTurn(S) || !table.deadline) return null;
  const seat = table.seats.find((x) => x.seat === v.turn);
  if (!seat || seat.kind !== "human") return null;
  return secondsLeft(table.deadline, Date.now()) === 0 ? "late" : "waiting";
}

function renderAbsence(S) {
  const state = absence(S);
  const bar = $("absence-bar");
  bar.hidden = state === null;
  if (state === null) return;
  const name = seatName(S, S.view.turn);
  const when = new Date(Date.parse(S.table.deadline)).toLocaleString(getLang(), { dateStyle: "short", timeStyle: "short" });
  const text = state === "late" ? t("absence.late", { name }) : t("absence.until", { name, when });
  if ($("absence-text").textContent !== text) $("absence-text").textContent = text;
  $("claim-now").hidden = state !== "late";
  $("claim").disabled = state !== "late";
}

/** A robot's head: marks a bot's chip where its level is not written out (phones). */
const BOT_MARK =
  '<svg class="mark bot-mark" viewBox="0 0 14 14" aria-hidden="true" focusable="false">' +
  '<path d="M7 0.8v2.2" stroke="currentColor" stroke-width="1.4"/><circle cx="7" cy="1" r="1" fill="currentColor"/>' +
  '<rect x="1.5" y="3.5" width="11" height="9" rx="2.2" fill="currentColor"/>' +
  '<circle cx="5" cy="7.6" r="1.3" fill="#fff"/><circle cx="9" cy="7.6" r="1.3" fill="#fff"/></svg>';

/** A tile seen from the back: goes before a short count of tiles in hand. */
const TILE_MARK =
  '<svg class="mark tile-mark" viewBox="0 0 8 14" aria-hidden="true" focusable="false">' +
  '<rect x="0.6" y="0.6" width="6.8" height="12.8" rx="1.6" fill="currentColor"/>' +
  '<path d="M1.8 7h4.4" stroke="#fff" stroke-width="1"/></svg>';

export function renderSeats(S) {
  const bar = $("seats-bar");
  if (!S.table) {
    bar.innerHTML = "";
    return;
  }
  const v = S.view;
  const rules = (v && v.rules) || S.table.rules || {};
  const teams = Boolean(rules.teams);
  const items = S.table.seats.map((s) => {
    const me = s.seat === S.seat;
    const turn = v && !v.round_over && !v.over && v.turn === s.seat;
    const count = v && v.hand_counts ? v.hand_counts[s.seat] : null;
    const side = sideOf(rules, s.seat);
    const score = v && v.scores && !teams ? v.scores[side] : null;
    const level = s.kind === "bot" ? t("bot.tag", { level: t(`botLevel.${s.bot}`) }) : s.kind === "empty" ? t("table.free") : "";
    const name = escapeHtml(seatName(S, s.seat));
    const conn = s.kind === "human" ? (s.connected ? t("table.connected") : t("table.disconnected")) : "";
    const reaction = reactionOf(s.seat, Date.now());
    const cls = ["seat-chip", me ? "me" : "", turn ? "turn" : "", teams ? `team${side}` : ""].filter(Boolean).join(" ");
    // On a phone (style.css) a chip is one short line: the bot's level becomes a robot
    // mark and "7 pedras" a tile mark and "7"; the long words stay for screen readers.
    return (
      `<li class="${cls}" data-seat="${s.seat}"${turn ? ' aria-current="true"' : ""}>` +
      `<span class="seat-name">${name}${me && name !== t("home.you") ? ` <em>(${t("table.you")})</em>` : ""}</span>` +
      (s.kind === "bot" ? BOT_MARK : "") +
      (level ? `<span class="seat-level">${level}</span>` : "") +
      (conn ? `<span class="dot ${s.connected ? "on" : "off"}" title="${conn}"><span class="sr-only">${conn}</span></span>` : "") +
      (count !== null
        ? `<span class="seat-count"><span class="long">${t("table.tiles", { n: count })}</span>` +
          `<span class="short" aria-hidden="true">${TILE_MARK}${count}</span></span>`
        : "") +
      (score !== null ? `<span class="seat-score">${t("table.score", { n: score })}</span>` : "") +
      (reaction ? `<span class="reaction-bubble">${escapeHtml(reactionText(reaction))}</span>` : "") +
      `</li>`
    );
  });
  if (teams && v && v.scores) {
    for (let side = 0; side < sideCount(rules); side += 1) {
      items.push(
        `<li class="team-score team${side}"><span>${escapeHtml(sideName(S, side))}</span>` +
          `<strong>${t("table.score", { n: v.scores[side] })}</strong></li>`,
      );
    }
  }
  bar.innerHTML = items.join("");
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
  if (!v) turn = t("table.waitingStart");
  else if (v.over) turn = t("match.over");
  else if (v.round_over) turn = t("round.over", { n: v.round });
  else if (isMyTurn(S)) turn = t("table.yourTurn");
  else turn = t("table.turnOf", { name: seatName(S, v.turn) });
  if (S.seat === null && v) turn += ` · ${t("table.spectator")}`;
  $("turn-text").textContent = turn;
}

export function renderTimer(S) {
  if (!$("table").hidden) renderAbsence(S);
  const el = $("timer");
  const v = S.view;
  const live = S.table && v && !v.over && S.table.pace === "live";
  // a turn timer, or between rounds the countdown to the next one (the server starts
  // it by itself unless you are the only person at the table)
  const left = live && (v.round_over || S.table.turn_seconds) ? secondsLeft(S.table.deadline, Date.now()) : null;
  el.hidden = left === null;
  if (left !== null) {
    el.textContent = t(v.round_over ? "table.nextRoundIn" : "table.timer", { t: clock(left) });
    el.classList.toggle("low", left <= 5 && !v.round_over);
  }
}

function renderMain(S) {
  const btn = $("main-action");
  const action = mainAction(S);
  btn.hidden = action.kind === "none";
  btn.textContent = action.label;
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
  $("annulment-text").textContent = t("action.annulProposed", { name: seatName(S, a.by) });
  const voted = S.seat === null || a.by === S.seat || String(S.seat) in (a.votes || {});
  $("annul-yes").hidden = voted;
  $("annul-no").hidden = voted;
}
