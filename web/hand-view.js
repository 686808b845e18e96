/**
 * The hand on the table screen: drawing it from the state (only when it changes);
 * its input (arrow keys, click, drag and drop) calls the moves it is handed.
 */

import { handMarkup, moveFocus, uprightTileSvg } from "./hand.js";
import { getLang, t } from "./i18n.js";
import { $ } from "./page.js";
import { handModel, isMyTurn, moveInFlight } from "./state.js";

let lastHandSig = "";

/** The next `renderHand` draws even if nothing it shows has changed. */
export function forgetHand() {
  lastHandSig = "";
}

/** Draw the hand of state `S`; `picking` is the tile being placed, or null. */
export function renderHand(S, picking) {
  const el = $("hand");
  const v = S.view;
  // between rounds every hand, ours too, is shown face up in the round-over panel
  el.hidden = Boolean(v && (v.round_over || v.over));
  const model = handModel(v);
  const locked = !isMyTurn(S) || moveInFlight(S);
  const sig = JSON.stringify([model, locked, picking && picking.tile, getLang()]);
  if (sig === lastHandSig) return;
  lastHandSig = sig;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.tile : null;
  el.classList.toggle("crowded", model.length > 14); // phone.css: smaller tiles on a phone
  el.classList.toggle("many", model.length > 10); // and on a phone on its side, sooner
  el.innerHTML = handMarkup(model, {
    locked,
    current: focused, // else the tile being placed, or the first playable: where Tab lands
    selected: picking && picking.tile,
    // while it is not our turn a tile is only its numbers (whether it fits is for our turn)
    label: (item) => (locked ? item.tile : t(item.playable ? "table.tilePlayable" : "table.tileBlocked", { tile: item.tile })),
  });
  if (focused && !picking) {
    const again = el.querySelector(`[data-tile="${focused}"]`) || el.querySelector(".hand-tile.lit") || el.querySelector(".hand-tile");
    if (again) again.focus();
  }
}

/**
 * The hand's input. `ctl` (moves.js `controls`): `state()`, `picking()`, `pick(tile,
 * targets)`, `choose(tile)`, `play(tile, end)`, `cancel()`.
 */
export function bindHand(ctl) {
  const hand = $("hand");
  hand.addEventListener("click", (ev) => {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const btn = ev.target.closest(".hand-tile");
    if (btn) ctl.choose(btn.dataset.tile);
  });
  hand.addEventListener("keydown", (ev) => {
    const buttons = Array.from(hand.querySelectorAll(".hand-tile"));
    const index = buttons.indexOf(document.activeElement);
    const next = moveFocus(ev.key, index < 0 ? 0 : index, buttons.length);
    if (next !== null) {
      ev.preventDefault();
      buttons[next].focus();
    }
  });
  // one Tab stop: the tile focused last keeps it (arrows move between the tiles)
  hand.addEventListener("focusin", (ev) => {
    const btn = ev.target.closest && ev.target.closest(".hand-tile");
    if (!btn) return;
    for (const b of hand.querySelectorAll(".hand-tile")) b.tabIndex = b === btn ? 0 : -1;
  });
  // Drag and drop with pointer events (mouse, pen and touch alike).
  hand.addEventListener("pointerdown", (ev) => {
    const btn = ev.target.closest(".hand-tile.lit");
    if (!btn || ev.button > 0) return;
    drag = { tile: btn.dataset.tile, x: ev.clientX, y: ev.clientY, ghost: null, started: false, pointer: ev.pointerId };
  });
  window.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.pointer) return;
    if (!drag.started) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 8) return;
      drag.started = true;
      const S = ctl.state();
      const item = handModel(S.view).find((x) => x.tile === drag.tile);
      if (!item || !item.playable || !isMyTurn(S)) {
        drag = null;
        return;
      }
      ctl.pick(drag.tile, item.targets);
      const ghost = document.createElement("div");
      ghost.className = "drag-ghost";
      ghost.innerHTML = uprightTileSvg(drag.tile);
      document.body.append(ghost);
      drag.ghost = ghost;
    }
    drag.ghost.style.left = `${ev.clientX}px`;
    drag.ghost.style.top = `${ev.clientY}px`;
    const over = document.elementFromPoint(ev.clientX, ev.clientY);
    for (const el of document.querySelectorAll(".target.hover")) el.classList.remove("hover");
    const target = over && over.closest && over.closest(".target");
    if (target) target.classList.add("hover");
  });
  window.addEventListener("pointerup", (ev) => {
    if (!drag || ev.pointerId !== drag.pointer) return;
    const d = drag;
    drag = null;
    if (!d.started) return;
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    if (d.ghost) d.ghost.remove();
    const over = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = over && over.closest && over.closest(".target");
    if (target) {
      ctl.play(d.tile, target.dataset.end);
      return;
    }
    const onBoard = over && over.closest && over.closest("#board-wrap");
    const picking = ctl.picking();
    if (onBoard && picking && picking.targets.length === 1) {
      ctl.play(d.tile, picking.targets[0].end);
      return;
    }
    ctl.cancel();
  });
}

export let drag = null;
let suppressClick = false;
