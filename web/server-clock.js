/**
 * The server's clock as this page reckons it: every deadline (a turn timer, the absence
 * claim, the next round) is the server's time, so it is counted against `serverNow()`,
 * not the device's own clock, which may be minutes off. The offset comes with each
 * socket's `welcome` (its `now`; the time the frame took on its way is not counted, a
 * fraction of a second).
 */

let offset = 0;

/** The server said it was `iso` (ISO time) just now: remember how far our clock is off. */
export function heardServerTime(iso, now = Date.now()) {
  const at = Date.parse(iso);
  if (!Number.isNaN(at)) offset = at - now;
}

/** Now by the server's clock, in ms since the epoch. */
export function serverNow() {
  return Date.now() + offset;
}
