/** What the page says: the polite live region `#live` and the short toast. */

import { $ } from "./page.js";

let liveQueue = [];
let liveTimer = null;
/** Say `text` in the live region (and show it as the last-move line). */
export function announce(text, urgent = false) {
  liveQueue.push(text);
  if (urgent) liveQueue = liveQueue.slice(-3);
  if (liveTimer) return;
  liveTimer = setTimeout(() => {
    $("live").textContent = liveQueue.slice(-3).join(" ");
    liveQueue = [];
    liveTimer = null;
  }, 60);
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
