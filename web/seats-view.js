/**
 * The seats around the felt, drawn from the state: you at the bottom, the others
 * where they sit at a real table (seats.js `seatPlace`), each with its name, its
 * bot level or partner tag, its tiles face down, its connection, what it did last
 * and, on the seat whose turn it is, the turn timer as a bar. The team scores sit in
 * a corner of the felt. Also the boneyard pile, where drawing is by hand.
 */

import { t } from "./i18n.js";
import { escapeHtml } from "./page.js";
import { reactionOf, reactionText } from "./reactions.js";
import { actionShort, actionText, lastActions, seatPlace, timerShare, WARN_SECONDS } from "./seats.js";
import { seatLabel, seatName, sideCount, sideName, sideOf } from "./sides.js";
import { clock, isMyTurn, secondsLeft } from "./state.js";
import { serverNow } from "./server-clock.js";

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

/** Whether our own link to the server is down now (the banner says so too). */
function offline(S) {
  return S.link === "reconnecting" || S.link === "offline";
}

/** Whether `seat` shows as connected: ours from our own socket, the others' from the table. */
function connectedNow(S, s) {
  if (s.seat === S.seat) return !offline(S);
  return Boolean(s.connected);
}

/** The turn timer of state `S` now: {left, share} or null (no timer, not in a turn). */
export function turnTimer(S, now = serverNow()) {
  const v = S.view;
  const table = S.table;
  if (!table || !v || v.over || v.round_over || table.pace !== "live" || !table.turn_seconds) return null;
  const left = secondsLeft(table.deadline, now);
  if (left === null) return null;
  return { left, share: timerShare(table.turn_seconds, left) };
}

/** Draw the seats of state `S` into `#seats-bar` (`bar`). */
export function renderSeats(S, bar) {
  if (!S.table) {
    bar.innerHTML = "";
    return;
  }
  const v = S.view;
  const rules = (v && v.rules) || S.table.rules || {};
  const teams = Boolean(rules.teams);
  const n = S.table.seats.length;
  const did = v && !v.round_over && !v.over ? lastActions(v) : {};
  const mySide = S.seat !== null && S.seat !== undefined ? sideOf(rules, S.seat) : null;
  const timer = turnTimer(S);
  const items = S.table.seats.map((s) => {
    const me = s.seat === S.seat;
    const place = seatPlace(n, S.seat, s.seat);
    const turn = v && !v.round_over && !v.over && v.turn === s.seat;
    const count = v && v.hand_counts ? v.hand_counts[s.seat] : null;
    const side = sideOf(rules, s.seat);
    const score = v && v.scores && !teams ? v.scores[side] : null;
    const partner = teams && !me && mySide !== null && side === mySide;
    const level = s.kind === "bot" ? t("bot.tag", { level: t(`botLevel.${s.bot}`) }) : s.kind === "empty" ? t("table.free") : "";
    const name = escapeHtml(seatName(S, s.seat));
    const human = s.kind === "human";
    const on = connectedNow(S, s);
    const conn = human ? (on ? t("table.connected") : me ? t("seat.offline") : t("table.disconnected")) : "";
    const reaction = reactionOf(s.seat, Date.now());
    const action = actionText(did[s.seat]);
    const cls = ["seat-chip", `at-${place}`, me ? "me" : "", turn ? "turn" : "", teams ? `team${side}` : "", human && !on ? "gone" : ""]
      .filter(Boolean)
      .join(" ");
    // On a phone (phone.css) a chip is one short line: the bot's level becomes a robot
    // mark and "7 pedras" a tile mark and "7"; the long words stay for screen readers.
    return (
      `<li class="${cls}" data-seat="${s.seat}" data-place="${place}"${turn ? ' aria-current="true"' : ""}>` +
      `<span class="seat-name"><bdi>${name}</bdi>${me && name !== t("home.you") ? ` <em>(${t("table.you")})</em>` : ""}</span>` +
      (partner ? `<span class="seat-tag partner-tag">${t("seat.partner")}</span>` : "") +
      (s.kind === "bot" ? BOT_MARK : "") +
      (level ? `<span class="seat-level">${level}</span>` : "") +
      (conn ? `<span class="dot ${on ? "on" : "off"}" title="${conn}"><span class="sr-only">${conn}</span></span>` : "") +
      // a person away whose seat its bot plays (RULES.md §10 Absence), or just offline
      (human && (!on || s.bot) ? `<span class="seat-away" aria-hidden="true">${s.bot ? t("seat.botPlays") : conn}</span>` : "") +
      (count !== null
        ? `<span class="seat-count"><span class="long">${t("table.tiles", { n: count })}</span>` +
          `<span class="short" aria-hidden="true">${TILE_MARK}${count}</span></span>` +
          (me ? "" : `<span class="backs" aria-hidden="true">${"<i></i>".repeat(Math.min(count, 21))}</span>`)
        : "") +
      (score !== null ? `<span class="seat-score">${t("table.score", { n: score })}</span>` : "") +
      (action
        ? `<span class="seat-did did-${did[s.seat].type}"><span class="long">${escapeHtml(action)}</span>` +
          `<span class="short" aria-hidden="true">${escapeHtml(actionShort(did[s.seat]))}</span></span>`
        : "") +
      (turn && timer ? timerBar(timer) : "") +
      (turn ? `<span class="sr-only">${t("seat.turn")}</span>` : "") +
      (reaction ? `<span class="reaction-bubble">${escapeHtml(reactionText(reaction))}</span>` : "") +
      `</li>`
    );
  });
  // a corner of the felt: the team scores (with teams), and the way to the score sheet
  if (v && v.scores) {
    const sides = [];
    for (let side = 0; teams && side < sideCount(rules); side += 1) {
      sides.push(
        `<span class="team-score team${side}"><span>${escapeHtml(sideName(S, side))}</span>` +
          `<strong>${t("table.score", { n: v.scores[side] })}</strong></span>`,
      );
    }
    // each seat's score, for a phone where the seats are too narrow to hold it (phone.css);
    // shown there only, and so heard there only (the button's name: "Ana 5, Nino 0, Placar")
    for (let side = 0; !teams && side < sideCount(rules); side += 1) {
      sides.push(
        `<span class="side-score"><span>${escapeHtml(seatLabel(S, side))}</span> <strong>${v.scores[side]}</strong><span class="sr-only">,</span></span>`,
      );
    }
    items.push(
      `<li class="team-scores" data-place="score"><button type="button" class="score-open">` +
        `${sides.join("")}<span class="score-word">${t("score.open")}</span></button></li>`,
    );
  }
  bar.innerHTML = items.join("");
}

function timerBar(timer) {
  const low = timer.left <= WARN_SECONDS;
  return (
    `<span class="seat-timer${low ? " low" : ""}" aria-hidden="true">` +
    `<span class="seat-timer-fill" style="width:${Math.round(timer.share * 100)}%"></span>` +
    `<span class="seat-timer-text">${clock(timer.left)}</span></span>`
  );
}

/** Update the turn seat's timer bar in place (called twice a second). */
export function renderSeatTimer(S, bar) {
  const el = bar.querySelector(".seat-chip.turn .seat-timer");
  const timer = turnTimer(S);
  if (!el || !timer) return;
  el.classList.toggle("low", timer.left <= WARN_SECONDS);
  el.querySelector(".seat-timer-fill").style.width = `${Math.round(timer.share * 100)}%`;
  el.querySelector(".seat-timer-text").textContent = clock(timer.left);
}

/**
 * The boneyard pile on the felt (`#boneyard-pile`, a button): shown where drawing is
 * by hand and we must draw now (the main button draws too); a click draws.
 */
export function renderPile(S, pile) {
  const v = S.view;
  const mustDraw = Boolean(v && isMyTurn(S) && (v.legal || []).some((m) => m.type === "draw"));
  pile.hidden = !mustDraw;
  if (!mustDraw) return;
  const label = t("boneyard.draw", { n: v.boneyard });
  pile.setAttribute("aria-label", label);
  pile.title = label;
  pile.querySelector(".pile-count").textContent = String(v.boneyard);
}
