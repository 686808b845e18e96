/**
 * The line of play: where each tile goes on the table (its SVG is board-svg.js).
 *
 * Units: a tile is 2 long and 1 wide. The first tile sits at the origin.
 * The L arm runs west from the center and snakes upward, the R arm runs east
 * and snakes downward; each row turns with a corner tile laid lengthwise
 * before it reaches `reach` units from the center, and comes back no closer
 * than `inner` units, leaving the center column to the fives spinner's U
 * (north) and D (south) arms. Doubles lie crosswise to the line; the spinner
 * is drawn crosswise and marked. With `turn`, the U and D arms run straight only
 * that many units from the center, then turn into rows of their own (U to the
 * east, snaking upward; D to the west, snaking downward: the quarters the L and R
 * arms leave free), so four long arms make a squarer cross with bigger tiles.
 *
 * `layoutBoard` is pure (node-testable); `fitBoard` picks the layout that shows the line
 * biggest in a room, `lineInOrder` reads it end to end.
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
 * @param {{reach?: number, turn?: number}} [opts]
 */
export function layoutBoard(board, opts = {}) {
  const reach = Math.max(6, opts.reach ?? DEFAULT_REACH);
  const turn = opts.turn ?? Infinity;
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
  const north = walkColumn(arms.U || [], { start: -ch / 2, sy: -1, turn, reach });
  const south = walkColumn(arms.D || [], { start: ch / 2, sy: 1, turn, reach });
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

/** Place a horizontal arm that snakes in rows; see the module comment. `y0`: the
 * first row's center line (0: the center tile's; a turned U or D arm's own). */
function walkRow(arm, { start, dir: dir0, sy, reach, y0 = 0 }) {
  const tiles = [];
  let dir = dir0;
  let cursor = start; // x where the next tile's near edge goes
  let rowY = y0; // center line of the current row
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

/**
 * Place a vertical arm (the spinner's U or D side): a straight column, turning into a
 * row once a tile would reach past `turn` units from the center (U turns east, D
 * west; a double never starts the row, so it stays in the column).
 */
function walkColumn(arm, { start, sy, turn = Infinity, reach = DEFAULT_REACH }) {
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
  let i = 0;
  for (; i < arm.length; i += 1) {
    const [near, far] = arm[i];
    const dbl = near === far;
    if (i > 0 && !dbl && Math.abs(cursor) + 2 > turn) break;
    tiles.push(place(near, far));
  }
  if (i < arm.length || Math.abs(cursor) + 2 > turn) {
    // the rest goes on as a row across the column's end: its first tile lies on it
    const dir = sy < 0 ? 1 : -1;
    const row = walkRow(arm.slice(i), { start: dir > 0 ? -0.5 : 0.5, dir, sy, reach, y0: cursor + sy * 0.5 });
    return { tiles: [...tiles, ...row.tiles], next: row.next };
  }
  const y = sy > 0 ? cursor : cursor - 2;
  return { tiles, next: { x: -0.5, y, w: 1, h: 2 } };
}

/**
 * The tile a play would add: its rectangle and pips as laid out at `end`.
 * `tile` is [a, b] in any order; `open` the pips of that end. Null when the
 * board is empty or the tile does not carry `open`.
 * @param {object} board the view's board
 * @param {string} end L, R, U or D
 * @param {[number, number]} tile
 * @param {number} open
 * @param {{reach?: number}} [opts]
 */
export function previewTile(board, end, tile, open, opts = {}) {
  if (!board || !board.center) return null;
  const [a, b] = tile;
  if (a !== open && b !== open) return null;
  const near = open;
  const far = a === open ? b : a;
  const arms = { L: [], R: [], U: [], D: [], ...(board.arms || {}) };
  const longer = { ...board, arms: { ...arms, [end]: [...arms[end], [near, far]] } };
  const laid = layoutBoard(longer, opts).tiles.filter((t) => t.arm === end);
  const last = laid[laid.length - 1];
  return last ? { x: last.x, y: last.y, w: last.w, h: last.h, a: last.a, b: last.b } : null;
}

/** Where `fitBoard` may turn the spinner's U and D arms (units from the center; Infinity: never). */
export const TURNS = [Infinity, 3, 5];

/** Reaches tried by `fitBoard`, shortest first. */
export const REACHES = [6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20];

/**
 * Choose the reach (and where the spinner's arms turn) that shows the line biggest
 * inside `width`×`height` pixels. Returns {layout, reach, unit, opts}: unit is the
 * pixels per half-tile, at most `maxUnit`; `reach` names the layout; `opts` are
 * `layoutBoard`'s options for it. The reach `keep` (the one on screen) stays while its unit is at
 * least 90% of the best one, so the line does not jump around as it grows.
 * @param {object|null} board
 * @param {{width: number, height: number, maxUnit: number, keep?: number|null}} room
 */
export function fitBoard(board, { width, height, maxUnit, keep = null }) {
  const unitOf = (layout) => {
    const { box } = layout;
    return Math.min(width / (box.maxX - box.minX), height / (box.maxY - box.minY), maxUnit);
  };
  let best = null;
  let kept = null;
  // the U and D arms turn only when there are some: a plain line has one way to lie
  const arms = (board && board.arms) || {};
  const turns = (arms.U || []).length + (arms.D || []).length ? TURNS : [Infinity];
  for (const turn of turns) {
    for (const reach of REACHES) {
      const layout = layoutBoard(board, { reach, turn });
      const unit = unitOf(layout);
      // `reach` names the layout (kept on screen while it fits well); `opts` lays it out again
      const cand = { layout, reach: turn === Infinity ? reach : `${reach}/${turn}`, unit, opts: { reach, turn } };
      // on a tie (capped at maxUnit) the longer straight rows read best, and straight arms
      const tie = best && Math.abs(unit - best.unit) <= 1e-9;
      if (!best || unit > best.unit + 1e-9 || (tie && best.opts.turn === turn)) best = cand;
      if (cand.reach === keep) kept = cand;
    }
  }
  return kept && kept.unit >= best.unit * 0.9 ? kept : best;
}

/**
 * The line as it reads from its left end to its right end, each tile written with
 * the pips in that order ("3-2", "2-5", the center, "5-1", ...), and the spinner's
 * U and D arms outward from it: {line: [{tile, center}], U: [tile], D: [tile]}.
 */
export function lineInOrder(board) {
  if (!board || !board.center) return { line: [], U: [], D: [] };
  const arms = board.arms || {};
  const text = ([a, b]) => `${a}-${b}`;
  const left = [...(arms.L || [])].reverse().map(([near, far]) => ({ tile: text([far, near]), center: false }));
  const right = (arms.R || []).map((t) => ({ tile: text(t), center: false }));
  return {
    line: [...left, { tile: text(board.center), center: true }, ...right],
    U: (arms.U || []).map(text),
    D: (arms.D || []).map(text),
  };
}
