/**
 * The line of play: where each tile goes on the table, and its SVG.
 *
 * Units: a tile is 2 long and 1 wide. The first tile sits at the origin.
 * The L arm runs west from the center and snakes upward, the R arm runs east
 * and snakes downward; each row turns with a corner tile laid lengthwise
 * before it reaches `reach` units from the center, and comes back no closer
 * than `inner` units, leaving the center column to the fives spinner's U
 * (north) and D (south) arms. Doubles lie crosswise to the line; the spinner
 * is drawn crosswise and marked.
 *
 * `layoutBoard` is pure (node-testable); `boardSvg` returns markup as a string.
 */

import { tileKey } from "./tiles.js";

const DEFAULT_REACH = 12;
const INNER = 1.5;

/**
 * Lay out a view's `board` ({center, spinner, arms}).
 * Returns {tiles, ends, box, empty}:
 * - tiles: [{x, y, w, h, a, b, key, double, center, spinner, arm}] where a is the
 *   pip in the left (horizontal) or top (vertical) half and b the other;
 * - ends: {L|R|U|D: {x, y, w, h}} the rectangle the next tile on that end would take;
 * - box: {minX, minY, maxX, maxY} enclosing tiles and ends.
 * @param {object|null} board
 * @param {{reach?: number}} [opts]
 */
export function layoutBoard(board, opts = {}) {
  const reach = Math.max(6, opts.reach ?? DEFAULT_REACH);
  const tiles = [];
  const ends = {};
  if (!board || !board.center) {
    return { tiles, ends, box: { minX: -3, minY: -1.5, maxX: 3, maxY: 1.5 }, empty: true };
  }
  const [ca, cb] = board.center;
  const cDouble = ca === cb;
  const cw = cDouble ? 1 : 2;
  const ch = cDouble ? 2 : 1;
  tiles.push({
    x: -cw / 2, y: -ch / 2, w: cw, h: ch, a: ca, b: cb, key: tileKey([ca, cb]),
    double: cDouble, center: true, spinner: Boolean(board.spinner), arm: null,
  });
  const arms = board.arms || {};
  const east = walkRow(arms.R || [], { start: cw / 2, dir: 1, sy: 1, reach });
  const west = walkRow(arms.L || [], { start: -cw / 2, dir: -1, sy: -1, reach });
  const north = walkColumn(arms.U || [], { start: -ch / 2, sy: -1 });
  const south = walkColumn(arms.D || [], { start: ch / 2, sy: 1 });
  for (const [name, walked] of [["R", east], ["L", west], ["U", north], ["D", south]]) {
    for (const t of walked.tiles) tiles.push({ ...t, arm: name, center: false, spinner: false });
    ends[name] = walked.next;
  }
  if (!board.spinner) {
    delete ends.U;
    delete ends.D;
  }
  const rects = [...tiles, ...Object.values(ends)];
  const box = {
    minX: Math.min(...rects.map((r) => r.x)) - 0.5,
    minY: Math.min(...rects.map((r) => r.y)) - 0.5,
    maxX: Math.max(...rects.map((r) => r.x + r.w)) + 0.5,
    maxY: Math.max(...rects.map((r) => r.y + r.h)) + 0.5,
  };
  return { tiles, ends, box, empty: false };
}

/** Place a horizontal arm that snakes in rows; see the module comment. */
function walkRow(arm, { start, dir: dir0, sy, reach }) {
  const tiles = [];
  let dir = dir0;
  let cursor = start; // x where the next tile's near edge goes
  let rowY = 0; // center line of the current row
  let row = 0;
  let fresh = false; // first tile after a corner always fits
  const limit = () => (row % 2 === 0 ? reach : -INNER); // furthest dir*x allowed

  const place = (near, far, lookahead, ghost) => {
    const dbl = near === far;
    const len = dbl ? 1 : 2;
    // A double never needs the corner: the row keeps one unit spare for it.
    const fits = fresh || dbl || dir * cursor + len + 1 <= limit();
    if (fits) {
      const w = len;
      const h = dbl ? 2 : 1;
      const x = dir > 0 ? cursor : cursor - w;
      const rect = { x, y: rowY - h / 2, w, h };
      const [a, b] = dir > 0 ? [near, far] : [far, near];
      cursor += dir * w;
      fresh = false;
      return { ...rect, a, b, double: dbl, key: tileKey([near, far]) };
    }
    // Corner: lengthwise across the row's end, then the line comes back.
    const x = dir > 0 ? cursor : cursor - 1;
    const y = sy > 0 ? rowY - 0.5 : rowY - 1.5;
    const [a, b] = sy > 0 ? [near, far] : [far, near];
    const corner = { x, y, w: 1, h: 2, a, b, double: false, key: tileKey([near, far]) };
    if (!ghost) {
      const gap = lookahead !== undefined && lookahead[0] === lookahead[1] ? 2.5 : 2;
      rowY += sy * gap;
      cursor = dir > 0 ? x + 1 : x;
      dir = -dir;
      row += 1;
      fresh = true;
    }
    return corner;
  };

  arm.forEach(([near, far], i) => tiles.push(place(near, far, arm[i + 1], false)));
  const g = place(0, 1, undefined, true);
  return { tiles, next: { x: g.x, y: g.y, w: g.w, h: g.h } };
}

/** Place a vertical arm (the spinner's U or D side) in a straight column. */
function walkColumn(arm, { start, sy }) {
  const tiles = [];
  let cursor = start;
  const place = (near, far) => {
    const dbl = near === far;
    const w = dbl ? 2 : 1;
    const h = dbl ? 1 : 2;
    const y = sy > 0 ? cursor : cursor - h;
    const [a, b] = sy > 0 ? [near, far] : [far, near];
    cursor += sy * h;
    return { x: -w / 2, y, w, h, a, b, double: dbl, key: tileKey([near, far]) };
  };
  for (const [near, far] of arm) tiles.push(place(near, far));
  const y = sy > 0 ? cursor : cursor - 2;
  return { tiles, next: { x: -0.5, y, w: 1, h: 2 } };
}

/** Pip centers inside a unit square for 0..6. */
export const PIP_SPOTS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

/** Markup of one tile face at (x, y) sized w×h (one of 2×1 or 1×2), pips a then b. */
export function tileFace({ x, y, w, h, a, b }, cls = "") {
  const horizontal = w >= h;
  const half = (n, ox, oy) => {
    const pips = PIP_SPOTS[n]
      .map(([px, py]) => `<circle class="pip p${n}" cx="${r(ox + px)}" cy="${r(oy + py)}" r="0.1"/>`)
      .join("");
    return `<g class="half" data-n="${n}"><rect class="half-hit" x="${r(ox)}" y="${r(oy)}" width="1" height="1"/>${pips}</g>`;
  };
  const [bx, by] = horizontal ? [x + 1, y] : [x, y + 1];
  const divider = horizontal
    ? `<line class="divider" x1="${r(x + 1)}" y1="${r(y + 0.12)}" x2="${r(x + 1)}" y2="${r(y + 0.88)}"/>`
    : `<line class="divider" x1="${r(x + 0.12)}" y1="${r(y + 1)}" x2="${r(x + 0.88)}" y2="${r(y + 1)}"/>`;
  return (
    `<g class="tile ${cls}"><rect class="face" x="${r(x + 0.03)}" y="${r(y + 0.03)}" ` +
    `width="${r(w - 0.06)}" height="${r(h - 0.06)}" rx="0.14"/>` +
    `${divider}${half(a, x, y)}${half(b, bx, by)}</g>`
  );
}

function r(v) {
  return Math.round(v * 1000) / 1000;
}

/**
 * SVG markup of a laid-out board.
 * @param {ReturnType<typeof layoutBoard>} layout
 * @param {{label: string, fresh?: string|null, targets?: Array<{end: string, label: string, points: number|null}>,
 *          targetText?: (t: object) => string}} opts
 *   fresh: key of the tile just played (animated); targets: ends offered to the player.
 */
export function boardSvg(layout, opts) {
  const { box } = layout;
  const vb = `${r(box.minX)} ${r(box.minY)} ${r(box.maxX - box.minX)} ${r(box.maxY - box.minY)}`;
  const parts = [];
  for (const t of layout.tiles) {
    const cls = [t.double ? "double" : "", t.spinner ? "spinner" : "", t.key === opts.fresh ? "fresh" : ""]
      .filter(Boolean)
      .join(" ");
    parts.push(tileFace(t, cls));
  }
  for (const target of opts.targets || []) {
    const e = layout.ends[target.end];
    if (!e) continue;
    const cx = e.x + e.w / 2;
    const cy = e.y + e.h / 2;
    const text = target.points != null && target.points > 0 ? `+${target.points}` : "";
    parts.push(
      `<g class="target" tabindex="0" role="button" data-end="${target.end}" aria-label="${esc(target.label)}">` +
        `<rect x="${r(e.x)}" y="${r(e.y)}" width="${r(e.w)}" height="${r(e.h)}" rx="0.2"/>` +
        `<text x="${r(cx)}" y="${r(cy)}" dominant-baseline="central" text-anchor="middle">${esc(text || target.end)}</text></g>`,
    );
  }
  return (
    `<svg class="board-svg" viewBox="${vb}" role="img" aria-label="${esc(opts.label)}" ` +
    `preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">${parts.join("")}</svg>`
  );
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
