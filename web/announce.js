/** What the page says: the polite live region `#live` and the short toast. */

import { $ } from "./page.js";

let liveQueue = [];
let liveTimer = null;
/** The most sayings said together: every move of a quick run (a play and the passes after
 * it, a round's first moves) is said; only a longer catch-up keeps its last ones. */
const SAID_AT_ONCE = 8;
/** The sayings `#live` shows now, kept to say them again in another language. */
let shown = [];

/** A saying's text now: a function is asked again, in the language of the moment. */
function textOf(say) {
  return typeof say === "function" ? say() : say;
}

/**
 * Say `say` in the live region (and show it as the last-move line, its last lines in
 * view): a text, or a function giving it, so that `resay` words it again after a
 * language change. What comes within 60 ms is said together, in order.
 */
export function announce(say) {
  liveQueue.push(say);
  if (liveTimer) return;
  liveTimer = setTimeout(() => {
    shown = liveQueue.slice(-SAID_AT_ONCE);
    $("live").textContent = shown.map(textOf).join(" ");
    liveQueue = [];
    liveTimer = null;
  }, 60);
}

/** Word the line `#live` shows again, at once (the language changed): not left in the old one until the next move. */
export function resay() {
  const text = shown.map(textOf).join(" ");
  if ($("live").textContent !== text) $("live").textContent = text;
}

let toastTimer = null;
export function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 4000);
}
