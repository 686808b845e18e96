/**
 * Our seat on another device, pure: a link that carries the seat and its token in the
 * address's fragment (after "#", which a browser never sends to a server, so no log
 * holds it), and reading one back when a page opens. Opened on a phone, a laptop or
 * another browser, it keeps the seat there too; the newer one plays, the older says the
 * table is open elsewhere (table-controls.js, "Jogar aqui").
 */

/** A seat token or player key as the server makes them (URL-safe, 16 to 128 characters). */
const SECRET = /^[A-Za-z0-9_-]{16,128}$/;

/** The link that opens table `tableId` holding `seat` with `token`, in language `lang`,
 * and with `player`, our player key (experience points follow it), if we have one. */
export function seatLink(origin, tableId, seat, token, lang, player = null) {
  const fragment = new URLSearchParams({ seat: String(seat), token, lang });
  if (player) fragment.set("player", player);
  return `${origin}/t/${encodeURIComponent(tableId)}#${fragment}`;
}

/** The {seat, token, lang, player} a link's fragment (`location.hash`) carries, or null for
 * none or a bad one (`lang` as written, null if absent: the page checks it against its
 * languages; `player` null unless well formed). */
export function seatFromHash(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const token = params.get("token");
  const seat = params.get("seat");
  if (!token || !SECRET.test(token)) return null;
  if (!seat || !/^[0-3]$/.test(seat)) return null;
  const player = params.get("player");
  const key = player && SECRET.test(player) ? player : null;
  return { seat: Number(seat), token, lang: params.get("lang"), player: key };
}
