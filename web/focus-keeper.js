/**
 * Where the keyboard is on the table screen, and where it goes when what held it goes: a
 * button disabled while its move is on its way, a round-over panel hidden when someone
 * else starts the next round, the start button gone once the match starts.
 */

import { $ } from "./page.js";

/** The last thing the keyboard was on in the table screen (null once a click put it nowhere). */
let lastFocus = null;

/** Follow the keyboard in the table screen (called once, when the page starts). */
export function followFocus() {
  document.addEventListener("focusin", (ev) => {
    if ($("table").contains(ev.target)) lastFocus = ev.target;
  });
  // a click on nothing focusable leaves the focus nowhere on purpose: not taken back
  document.addEventListener("pointerdown", (ev) => {
    const focusable = ev.target.closest && ev.target.closest("button, a, input, select, summary, textarea, [tabindex]");
    if (!focusable || focusable.id === "main") lastFocus = null; // (the page's <main> takes focus only by a skip link)
  });
}

function usable(el) {
  return Boolean(el && el.isConnected && !el.disabled && !el.closest("[hidden]") && el.getClientRects().length);
}

/**
 * What held the keyboard went (a button disabled while its move was on its way, a panel
 * hidden when a round started, a start button gone): back to it once it is there again,
 * else to the hand, else to the main button, so a keyboard is never left on the page's
 * body. `roundStarted`: a round began, so the hand is where the keyboard goes even if it
 * was never in the table before.
 */
export function keepFocus(roundStarted) {
  if ($("table").hidden) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || ($("table").contains(active) && !usable(active));
  if (!lost || (!lastFocus && !roundStarted)) return;
  const hand = document.querySelector("#hand .hand-tile[tabindex='0']");
  const target = [lastFocus, hand, $("main-action")].find(usable);
  if (target) target.focus({ preventScroll: true });
}
