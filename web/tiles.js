/**
 * Tiles as the protocol writes them ("6-4") and small counts over a view.
 * Pure functions: no DOM, usable from node tests.
 */

/** Parse "6-4" (either order) into [a, b] numbers; throws on anything else. */
export function parseTile(text) {
  const m = /^([0-6])-([0-6])$/.exec(String(text).trim());
  if (!m) throw new Error(`not a tile: ${text}`);
  return [Number(m[1]), Number(m[2])];
}

/** Canonical key "high-low" of a tile given as "a-b" or [a, b]. */
export function tileKey(tile) {
  const [a, b] = Array.isArray(tile) ? tile : parseTile(tile);
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

/** True when two tiles (strings or pairs, any order) are the same tile. */
export function sameTile(x, y) {
  return tileKey(x) === tileKey(y);
}

/** Sum of the pips of a tile. */
export function tileValue(tile) {
  const [a, b] = Array.isArray(tile) ? tile : parseTile(tile);
  return a + b;
}

/** Every tile on the board of a view, as [a, b] pairs (center first, then arms). */
export function boardTiles(board) {
  if (!board || !board.center) return [];
  const tiles = [board.center];
  for (const arm of Object.values(board.arms || {})) tiles.push(...arm);
  return tiles;
}

/**
 * How many of the 7 tiles bearing number `n` are where, from one seat's view:
 * `table` on the board, `hand` in this seat's hand, `unseen` the rest
 * (other hands, boneyard, sleeping).
 */
export function numberCount(view, n) {
  const has = ([a, b]) => a === n || b === n;
  const table = boardTiles(view && view.board).filter(has).length;
  const hand = ((view && view.hand) || []).map(parseTile).filter(has).length;
  return { table, hand, unseen: 7 - table - hand };
}
