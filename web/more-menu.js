/**
 * The table's "Mais opções" menu (`#more`, a <details>: its button is the <summary>,
 * which says to a screen reader whether it is open). The menu opens beside its button,
 * never over it, so a second tap on the button closes it instead of landing on what
 * the menu put there (a reaction, sent to everyone). Escape closes it (focus back on
 * the button), so does a tap or click outside it, and so does choosing an item
 * (table-controls.js closes it for each).
 */

import { $ } from "./page.js";

/** Room kept between the menu and its button, and between the menu and the screen's edge. */
const GAP = 6;
const MARGIN = 8;

/** A tap outside closes the menu and does nothing else: its click, if it comes this soon. */
const SWALLOW_MS = 1000;

/**
 * Where the menu goes, pure: `button` is the button's box ({top, bottom, right}),
 * `menu` the menu's size ({width, height}), `viewport` the screen's ({width, height}).
 * Above the button where it fits or where there is more room than below (the dock is at
 * the bottom of a phone held upright), else below (a phone on its side has the button at
 * the top); its right edge at the button's, moved left no further than the screen's
 * edge. Gives the CSS `top` or `bottom`, `right` and `maxHeight` (px; the menu scrolls
 * within it), and `up`.
 */
export function menuPlace(button, menu, viewport) {
  const roomAbove = button.top - GAP - MARGIN;
  const roomBelow = viewport.height - button.bottom - GAP - MARGIN;
  const up = menu.height <= roomAbove || roomAbove >= roomBelow;
  const right = Math.max(MARGIN, Math.min(viewport.width - button.right, viewport.width - MARGIN - menu.width));
  return {
    up,
    top: up ? null : button.bottom + GAP,
    bottom: up ? viewport.height - button.top + GAP : null,
    right,
    maxHeight: Math.max(0, Math.floor(up ? roomAbove : roomBelow)),
  };
}

/** Wire the menu: its place when it opens (and as the screen changes), and what closes it. */
export function bindMoreMenu() {
  const menu = $("more");
  const button = menu.querySelector("summary");
  const items = menu.querySelector(".more-items");
  const place = () => {
    const scrolled = items.scrollTop; // kept: placed again as the page changes, not scrolled back
    items.style.maxHeight = ""; // its natural height, to choose a side with
    const root = document.documentElement;
    const at = menuPlace(
      button.getBoundingClientRect(),
      { width: items.offsetWidth, height: items.scrollHeight },
      { width: root.clientWidth, height: root.clientHeight },
    );
    items.style.top = at.top === null ? "auto" : `${at.top}px`;
    items.style.bottom = at.bottom === null ? "auto" : `${at.bottom}px`;
    items.style.right = `${at.right}px`;
    items.style.maxHeight = `${at.maxHeight}px`;
    items.scrollTop = scrolled;
    menu.classList.add("placed"); // shown from now on (style.css): never a frame elsewhere first
  };
  menu.addEventListener("toggle", () => {
    if (menu.open) place();
    else menu.classList.remove("placed");
  });
  const replace = () => {
    if (menu.open) place();
  };
  // the button moves when the screen turns, the page scrolls, or the dock around it grows
  // (a second row of tiles, a longer main button): the menu follows, never over it
  window.addEventListener("resize", replace);
  document.addEventListener("scroll", (ev) => ev.target !== items && replace(), { capture: true, passive: true });
  if (typeof ResizeObserver === "function") {
    const watch = new ResizeObserver(replace);
    watch.observe(document.body);
    watch.observe(menu.closest(".dock") || menu.parentElement);
  }
  // Escape: closed, and the keyboard is back on the button (first: nothing else takes this Escape)
  window.addEventListener(
    "keydown",
    (ev) => {
      if (ev.key !== "Escape" || !menu.open) return;
      ev.preventDefault();
      ev.stopPropagation();
      menu.open = false;
      button.focus();
    },
    true,
  );
  // a press outside: closed; it was meant for the menu, so it neither plays a tile nor presses a button
  let closedAt = -Infinity;
  window.addEventListener(
    "pointerdown",
    (ev) => {
      if (!menu.open || menu.contains(ev.target)) return;
      ev.stopPropagation();
      menu.open = false;
      closedAt = performance.now();
    },
    true,
  );
  window.addEventListener(
    "click",
    (ev) => {
      if (performance.now() - closedAt > SWALLOW_MS) return;
      closedAt = -Infinity;
      ev.preventDefault();
      ev.stopPropagation();
    },
    true,
  );
}
