/** What the page says: the polite live region `#live` and the short toast. */

import { $ } from "./page.js";

let liveQueue = [];
let liveTimer = null;
/** The sayings `#live` shows now (the last three), kept to say them again in another language. */
let shown = [];

/** A saying's text now: a function is asked again, in the language of the moment. */
function textOf(say) {
  return typeof say === "function" ? say() : say;
}

/**
 * Say `say` in the live region (and show it as the last-move line): a text, or a
 * function giving it, so that `resay` words it again after a language change.
 */
export function announce(say, urgent = false) {
  liveQueue.push(say);
  if (urgent) liveQueue = liveQueue.slice(-3);
  if (liveTimer) return;
  liveTimer = setTimeout(() => {
    shown = liveQueue.slice(-3);
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
