/**
 * The player's hand: markup for tiles standing upright, and the keyboard
 * movement between them. `handMarkup` is pure; `moveFocus` works on a list.
 */

import { parseTile } from "./tiles.js";
import { tileFace } from "./board-svg.js";

/** SVG of one upright tile, `a` on top, for the hand or a revealed hand. */
export function uprightTileSvg(tile, cls = "") {
  const [a, b] = parseTile(tile);
  return (
    `<svg class="tile-svg ${cls}" viewBox="-0.05 -0.05 1.1 2.1" aria-hidden="true" focusable="false">` +
    `${tileFace({ x: 0, y: 0, w: 1, h: 2, a, b })}</svg>`
  );
}

/**
 * Buttons for the hand. `model` is `handModel(view)`; `opts.label(item)` gives
 * each button's accessible name; `opts.selected` the tile being placed;
 * `opts.locked` disables every tile (not our turn, a move in flight).
 * The hand is one Tab stop (a roving tabindex): the tile `opts.current` if it is
 * there, else the one being placed, the first playable, or the first.
 */
export function handMarkup(model, opts) {
  const has = (tile) => tile && model.some((x) => x.tile === tile);
  const lit = model.find((x) => x.playable && !opts.locked);
  const current = has(opts.current)
    ? opts.current
    : has(opts.selected)
      ? opts.selected
      : lit
        ? lit.tile
        : model.length
          ? model[0].tile
          : null;
  return model
    .map((item) => {
      const dim = !item.playable || opts.locked;
      const cls = ["hand-tile", dim ? "dim" : "lit", item.tile === opts.selected ? "selected" : ""]
        .filter(Boolean)
        .join(" ");
      const points = Math.max(0, ...item.targets.map((x) => x.points || 0));
      const badge = points > 0 ? `<span class="badge" aria-hidden="true">+${points}</span>` : "";
      return (
        `<button type="button" tabindex="${item.tile === current ? 0 : -1}" class="${cls}" data-tile="${item.tile}" aria-label="${opts.label(item)}"` +
        `${dim ? ' aria-disabled="true"' : ""}>${uprightTileSvg(item.tile)}${badge}</button>`
      );
    })
    .join("");
}

/**
 * Index to focus after an arrow key in a row of `count` items: Left/Up go back,
 * Right/Down forward, Home/End to the ends, wrapping around. Null for other keys.
 */
export function moveFocus(key, index, count) {
  if (count <= 0) return null;
  if (key === "ArrowLeft" || key === "ArrowUp") return (index - 1 + count) % count;
  if (key === "ArrowRight" || key === "ArrowDown") return (index + 1) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}
