/**
 * The board on the table screen: drawing the line (only when what it shows
 * changes), choosing an end on it by click or keyboard, and the aids tip.
 */

import { boardSvg, fitBoard, previewTile } from "./board.js";
import { moveFocus } from "./hand.js";
import { drag } from "./hand-view.js";
import { getLang, t } from "./i18n.js";
import { cancelPick, picking, playTile } from "./moves.js";
import { $ } from "./page.js";
import { settings } from "./settings.js";
import { S } from "./table.js";
import { numberCount, parseTile } from "./tiles.js";

let lastBoardSig = "";

/** The next `renderBoard` draws even if nothing it shows has changed. */
export function forgetBoard() {
  lastBoardSig = "";
}

/** Pixels the line of play may use: the board's width, and a height that leaves room for the hand. */
function boardRoom() {
  const el = $("board");
  const width = Math.max(200, el.clientWidth || window.innerWidth - 40);
  const panel = !$("round-over").hidden || !$("match-over").hidden;
  const beside = window.innerWidth >= 1000; // the panel sits beside the board (style.css)
  const share = panel && !beside ? 0.34 : window.innerWidth < 700 ? 0.46 : 0.56;
  const height = Math.max(150, Math.min(560, Math.round(window.innerHeight * share)));
  const maxUnit = window.innerWidth < 520 ? 24 : 32;
  return { width, height, maxUnit };
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

export function renderBoard() {
  const v = S.view;
  const board = v ? v.board : null;
  const room = boardRoom();
  const fives = Boolean(v && v.rules && (v.rules.scoring === "fives" || v.rules.preset === "fives"));
  const sig = JSON.stringify([board, picking, room, getLang(), v && v.round_over]);
  if (sig === lastBoardSig) return;
  lastBoardSig = sig;
  const el = $("board");
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
        preview: previewTile(board, x.end, tile, (v.ends || {})[x.end], { reach: fit.reach }),
        label: t("table.targetLabel", {
          tile: picking.tile,
          end: t(`table.end.${x.end}`),
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
  el.innerHTML = drawn.markup;
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

export function bindBoard() {
  const board = $("board");
  board.addEventListener("click", (ev) => {
    const target = ev.target.closest(".target");
    if (target && picking) playTile(picking.tile, target.dataset.end);
  });
  board.addEventListener("keydown", (ev) => {
    const target = ev.target.closest && ev.target.closest(".target");
    if (!target || !picking) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      playTile(picking.tile, target.dataset.end);
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
    if (ev.key === "Escape" && picking) cancelPick();
  });
  // Aids: how many tiles of a number are out, on hover or long press.
  const tip = $("aid-tip");
  const showAid = (half, x, y) => {
    if (!settings.aids || !S.view || !half) {
      tip.hidden = true;
      return;
    }
    const n = Number(half.dataset.n);
    const c = numberCount(S.view, n);
    tip.textContent = t("aid.count", { n, ...c });
    tip.hidden = false;
    const wrap = $("board-wrap").getBoundingClientRect();
    tip.style.left = `${Math.max(4, Math.min(x - wrap.left, wrap.width - 220))}px`;
    tip.style.top = `${Math.max(4, y - wrap.top - 48)}px`;
  };
  board.addEventListener("pointerover", (ev) => {
    if (ev.pointerType === "touch") return;
    const half = ev.target.closest && ev.target.closest(".tile .half");
    showAid(half, ev.clientX, ev.clientY);
  });
  board.addEventListener("pointerleave", () => {
    tip.hidden = true;
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
      if (type === "pointercancel") tip.hidden = true;
    });
  }
}
