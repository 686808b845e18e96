/**
 * SVG markup, as strings, of tile faces (pips a then b) and of a board laid out by
 * `layoutBoard` (board.js) with the places offered to the player. Pure: no DOM.
 */

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
 * @param {{label: string, last?: string|null,
 *          targets?: Array<{end: string, label: string, text: string, preview?: object|null}>}} opts
 *   last: key of the tile just played (highlighted for a moment); targets: places
 *   offered to the player, each drawn as the tile it would lay there with `text`
 *   (the points it would score in fives, else empty) on top.
 */
/** The margin (tile widths) around a place offered that a tap may land on: inside the
 * room the view box keeps around it (0.9). */
export const HIT_MARGIN = 0.5;

export function boardSvg(layout, opts) {
  const targets = opts.targets || [];
  const rects = [];
  for (const target of targets) {
    const rect = target.preview || layout.ends[target.end];
    if (rect) rects.push({ target, rect });
  }
  const box = { ...layout.box };
  for (const { rect } of rects) {
    box.minX = Math.min(box.minX, rect.x - 0.9);
    box.minY = Math.min(box.minY, rect.y - 0.9);
    box.maxX = Math.max(box.maxX, rect.x + rect.w + 0.9);
    box.maxY = Math.max(box.maxY, rect.y + rect.h + 0.9);
  }
  const vb = `${r(box.minX)} ${r(box.minY)} ${r(box.maxX - box.minX)} ${r(box.maxY - box.minY)}`;
  const parts = [];
  for (const t of layout.tiles) {
    const cls = [t.double ? "double" : "", t.spinner ? "spinner" : "", t.key === opts.last ? "last" : ""]
      .filter(Boolean)
      .join(" ");
    parts.push(tileFace(t, cls));
  }
  for (const { target, rect } of rects) {
    // the points sit on the frame's top right corner, clear of the pips
    const cx = rect.x + rect.w;
    const cy = rect.y;
    const face = target.preview ? tileFace(target.preview, "preview") : "";
    const text = target.text
      ? `<g class="target-points"><rect x="${r(cx - 0.7)}" y="${r(cy - 0.38)}" width="1.4" height="0.76" rx="0.38"/>` +
        `<text x="${r(cx)}" y="${r(cy)}" dominant-baseline="central" text-anchor="middle">${esc(target.text)}</text></g>`
      : "";
    // an unseen margin of HIT_MARGIN around it takes the tap too: a tile's short side may be
    // some 20 px on a phone on its side, half a finger
    const hit = `<rect class="target-hit" x="${r(rect.x - HIT_MARGIN)}" y="${r(rect.y - HIT_MARGIN)}" ` +
      `width="${r(rect.w + 2 * HIT_MARGIN)}" height="${r(rect.h + 2 * HIT_MARGIN)}"/>`;
    parts.push(
      `<g class="target" tabindex="0" role="button" data-end="${target.end}" aria-label="${esc(target.label)}">${hit}` +
        `${face}<rect class="target-frame" x="${r(rect.x - 0.08)}" y="${r(rect.y - 0.08)}" width="${r(rect.w + 0.16)}" ` +
        `height="${r(rect.h + 0.16)}" rx="0.2"/>${text}</g>`,
    );
  }
  return {
    box,
    markup:
      // with places to choose (buttons) it is a group, not a picture: a picture holds no controls
      `<svg class="board-svg${rects.length ? " picking" : ""}" viewBox="${vb}" role="${rects.length ? "group" : "img"}" aria-label="${esc(opts.label)}" ` +
      `preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">${parts.join("")}</svg>`,
  };
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
