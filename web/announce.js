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
    write(shown.map(textOf));
    liveQueue = [];
    liveTimer = null;
  }, 60);
}

/** Word the line `#live` shows again, at once (the language changed): not left in the old one until the next move. */
export function resay() {
  const texts = shown.map(textOf);
  if ($("live").textContent !== texts.join(" ")) write(texts);
}

/**
 * Show `texts` in `#live`, a sentence a span. Where the line is short (a phone shows two
 * lines) the first sentences that do not fit are left to screen readers only, so the line
 * seen begins with a sentence, the newest ones, rather than mid-way through one.
 */
function write(texts) {
  const el = $("live");
  el.replaceChildren(...texts.map((text, i) => {
    const span = document.createElement("span");
    span.textContent = i ? ` ${text}` : text;
    return span;
  }));
  fitLive();
}

/** Leave out of sight the oldest sentences of `#live` that do not fit its lines (again after a resize). */
export function fitLive() {
  const el = $("live");
  const spans = [...el.children];
  for (const span of spans) span.classList.remove("sr-only");
  for (const span of spans.slice(0, -1)) {
    // (a laptop's window keeps the line to one line that does not wrap: too wide, then)
    if (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1) break;
    span.classList.add("sr-only");
  }
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
