/**
 * The board on the table screen: drawing the line from the state (only when what
 * it shows changes); its input (choosing an end by click or keyboard, the aids tip)
 * calls the moves it is handed.
 */

import { boardSvg } from "./board-svg.js";
import { fitBoard, lineInOrder, previewTile } from "./board.js";
import { moveFocus } from "./hand.js";
import { drag } from "./hand-view.js";
import { getLang, t } from "./i18n.js";
import { $, escapeHtml } from "./page.js";
import { settings } from "./settings.js";
import { numberCount, parseTile } from "./tiles.js";

let lastBoardSig = "";
let lastLanded = null; // the last tile that played its landing animation

/** The next `renderBoard` draws even if nothing it shows has changed. */
export function forgetBoard() {
  lastBoardSig = "";
}

/** Below this width the table is laid out for a phone (phone.css: compact seats, two-line log). */
const PHONE_WIDTH = 700;

/**
 * Pixels the line of play may use: the board's width, and a height.
 *
 * Without a result panel the height is what the viewport has left once every
 * other part of the page is laid out (the app bar and info lines above; the seats
 * around it on the felt; the log line and the dock with the main button and the
 * hand below): the page then fills the screen exactly, the dock at its bottom. `fill` says the board keeps that height even when its line needs
 * less, so the hand does not move as the line grows. So too with a round or match
 * panel beside the board (wide screens: the panel scrolls within the felt); with one
 * above it (narrow screens), a fixed share of the viewport height (the panel's length
 * decides the page's then).
 */
function boardRoom() {
  const el = $("board");
  const vw = window.innerWidth;
  const vh = document.documentElement.clientHeight || window.innerHeight;
  const width = Math.max(200, el.clientWidth || vw - 40);
  // a tile's short side at most: on a wide screen the board is tall too, and a short line reads big
  const maxUnit = vw < 520 ? 24 : vw < 1000 ? 32 : 40;
  const peek = $("board-wrap").classList.contains("peek"); // the panel stepped aside
  const panel = !peek && (!$("round-over").hidden || !$("match-over").hidden);
  // above the board (narrow screens) the panel makes the page as long as it is; beside it
  // (style.css) the panel scrolls within the felt, which fills the screen as without it
  if (panel && vw < 1000) {
    return { width, height: Math.max(150, Math.min(560, Math.round(vh * 0.34))), maxUnit, fill: false };
  }
  // everything on the page but the board itself (the seats around it on the felt too)
  const others = document.body.offsetHeight - el.offsetHeight;
  const left = Math.floor(vh - others - 1);
  // phones (upright or on their side) and a laptop's short window: your chip and the
  // dock come before a tall line
  const least = vw < PHONE_WIDTH || vh <= 820 ? 120 : 200;
  return { width, height: Math.max(least, Math.min(560, left)), maxUnit, fill: true };
}

/** The tile half the aids tip is about, while it shows. */
let aidHalf = null;

/** Hide the aids tip (it belongs to a tile that a redraw or a panel may take away). */
export function hideAid() {
  aidHalf = null;
  const tip = $("aid-tip");
  if (tip) tip.hidden = true;
}

function lastPlayedKey(v) {
  const plays = (v.log || []).filter((e) => e.type === "play");
  const last = plays[plays.length - 1];
  if (!last) return null;
  const [a, b] = last.tile.split("-").map(Number);
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

/** The reach the line is drawn with now (kept while it still fits well). */
let boardReachNow = null;

/** Draw the line of state `S`; `picking` is the tile being placed (its places shown), or null. */
export function renderBoard(S, picking) {
  const v = S.view;
  const board = v ? v.board : null;
  const room = boardRoom();
  const fives = Boolean(v && v.rules && (v.rules.scoring === "fives" || v.rules.preset === "fives"));
  const sig = JSON.stringify([board, picking, room, getLang(), v && v.round_over, $("board-wrap").className]);
  if (sig === lastBoardSig) return;
  lastBoardSig = sig;
  hideAid();
  const el = $("board");
  el.style.minHeight = room.fill ? `${room.height}px` : "";
  if (!board || !board.center) {
    boardReachNow = null;
    el.innerHTML = `<p class="board-empty">${t("table.boardEmpty")}</p>`;
    return;
  }
  const fit = fitBoard(board, { ...room, keep: boardReachNow });
  boardReachNow = fit.reach;
  const tile = picking ? parseTile(picking.tile) : null;
  const targets = picking
    ? picking.targets.map((x) => ({
        end: x.end,
        text: fives ? (x.points ? `+${x.points}` : "0") : "",
        preview: previewTile(board, x.end, tile, (v.ends || {})[x.end], fit.opts),
        label: t("table.targetLabel", {
          tile: picking.tile,
          end: t(`table.end.${x.end}`),
          // the number the end shows, so the choice is heard, not only seen
          pips: (v.ends || {})[x.end] !== undefined ? ` (${(v.ends || {})[x.end]})` : "",
          points: x.points ? t("table.targetPoints", { n: x.points }) : fives ? t("table.targetNoPoints") : "",
        }),
      }))
    : [];
  const ends = Object.entries(v.ends || {})
    .map(([end, pips]) => `${t(`table.end.${end}`)} ${pips}`)
    .join(", ");
  const drawn = boardSvg(fit.layout, {
    label: t("table.boardLabel", { n: fit.layout.tiles.length, ends }),
    last: v.round_over ? null : lastPlayedKey(v),
    targets,
  });
  el.innerHTML = drawn.markup + lineList(board);
  // the newest tile lands once (a redraw for other reasons does not replay it)
  const landed = v.round_over ? null : lastPlayedKey(v);
  if (landed !== lastLanded) {
    lastLanded = landed;
    const newest = el.querySelector(".tile.last");
    if (newest) newest.classList.add("landing");
  }
  // Scale to fit the room both ways; a short line keeps tiles at a comfortable size.
  const svg = el.querySelector("svg");
  const bw = drawn.box.maxX - drawn.box.minX;
  const bh = drawn.box.maxY - drawn.box.minY;
  const unit = Math.min(room.width / bw, room.height / bh, room.maxUnit);
  svg.style.width = `${Math.floor(bw * unit)}px`;
  svg.style.height = `${Math.floor(bh * unit)}px`;
  el.dataset.unit = String(Math.round(unit * 10) / 10);
  if (picking) {
    const first = el.querySelector(".target");
    if (first && !drag) first.focus({ preventScroll: true });
  }
}

/**
 * The board's input. `ctl` (moves.js `controls`): `state()`, `picking()`, `play(tile,
 * end)`, `cancel()`; `redraw()` draws the line again when its room may have changed.
 */
/** The line tile by tile, in order, for screen readers (the picture names only its size). */
function lineList(board) {
  const order = lineInOrder(board);
  const items = (list) => list.map((x) => `<li>${escapeHtml(x)}</li>`).join("");
  const line = order.line.map((x) => (x.center ? t("board.center", { tile: x.tile }) : x.tile));
  let html = `<ol class="sr-only" aria-label="${escapeHtml(t("board.listTitle"))}">${items(line)}</ol>`;
  for (const arm of ["U", "D"]) {
    if (order[arm].length) html += `<ol class="sr-only" aria-label="${escapeHtml(t(`board.arm${arm}`))}">${items(order[arm])}</ol>`;
  }
  return html;
}

export function bindBoard(ctl, redraw) {
  const board = $("board");
  // The room changes whenever a part around the board changes height (a seat or log
  // line wraps, the hand gains a row, a notice or the connection banner shows): one
  // redraw at the next frame, and only if the room did change (renderBoard compares).
  let frame = 0;
  const later = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      redraw();
    });
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(later).observe(document.body);
  board.addEventListener("click", (ev) => {
    const target = ev.target.closest(".target");
    const picking = ctl.picking();
    if (target && picking) ctl.play(picking.tile, target.dataset.end);
  });
  board.addEventListener("keydown", (ev) => {
    const target = ev.target.closest && ev.target.closest(".target");
    const picking = ctl.picking();
    if (!target || !picking) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ctl.play(picking.tile, target.dataset.end);
      return;
    }
    const all = Array.from(board.querySelectorAll(".target"));
    const next = moveFocus(ev.key, all.indexOf(target), all.length);
    if (next !== null) {
      ev.preventDefault();
      all[next].focus();
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && ctl.picking()) ctl.cancel();
  });
  // Aids: how many tiles of a number are out, on hover or long press.
  const tip = $("aid-tip");
  const showAid = (half, x, y) => {
    const view = ctl.state().view;
    if (!settings.aids || !view || !half) {
      hideAid();
      return;
    }
    aidHalf = half;
    const n = Number(half.dataset.n);
    const c = numberCount(view, n);
    tip.textContent = t("aid.count", { n, ...c });
    tip.hidden = false;
    const wrap = $("board-wrap").getBoundingClientRect();
    tip.style.left = `${Math.max(4, Math.min(x - wrap.left, wrap.width - 220))}px`;
    tip.style.top = `${Math.max(4, y - wrap.top - 48)}px`;
  };
  // Only a mouse that moves shows it: when the board is drawn again under a resting
  // mouse, the browser reports the new tile under it with the same coordinates, and
  // the tip the redraw took away stays away.
  let lastAt = "";
  board.addEventListener("pointermove", (ev) => {
    if (ev.pointerType === "touch") return;
    const at = `${ev.clientX},${ev.clientY}`;
    if (at === lastAt) return;
    lastAt = at;
    const half = ev.target.closest && ev.target.closest(".tile .half");
    if (half !== aidHalf) showAid(half, ev.clientX, ev.clientY);
  });
  board.addEventListener("pointerleave", hideAid);
  // a menu or the invite opening, or a press anywhere else, takes the tip away too
  document.addEventListener("toggle", hideAid, true);
  document.addEventListener("pointerdown", (ev) => {
    if (!board.contains(ev.target)) hideAid();
  });
  let press = null;
  board.addEventListener("pointerdown", (ev) => {
    const half = ev.target.closest && ev.target.closest(".tile .half");
    if (!half) return;
    clearTimeout(press);
    press = setTimeout(() => showAid(half, ev.clientX, ev.clientY), 450);
  });
  for (const type of ["pointerup", "pointercancel"]) {
    board.addEventListener(type, () => {
      clearTimeout(press);
      if (type === "pointercancel") hideAid();
    });
  }
}
