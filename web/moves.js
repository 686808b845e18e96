/**
 * The player's moves, wired: choosing a tile, picking the end it goes to, playing
 * it; the main button. `controls` hands them to the hand and board views' input.
 */

import { t } from "./i18n.js";
import { $ } from "./page.js";
import { handModel, isMyTurn, moveInFlight } from "./state.js";
import { picking, redraw, S, send, setPicking } from "./table.js";

export function chooseTile(tile) {
  if (!isMyTurn(S) || moveInFlight(S)) return;
  const item = handModel(S.view).find((x) => x.tile === tile);
  if (!item || !item.playable) return;
  if (picking && picking.tile === tile) {
    cancelPick(); // a second tap on the tile being placed lets go of it (touch has no Esc)
    return;
  }
  if (item.targets.length === 1) {
    playTile(tile, item.targets[0].end);
    return;
  }
  setPicking({ tile, targets: item.targets });
  $("pick-hint").textContent = t("table.pickEnd", { tile });
  $("pick-hint").hidden = false; // a status region: screen readers hear it too
  redraw();
}

export function cancelPick() {
  if (!picking) return;
  const tile = picking.tile;
  setPicking(null);
  $("pick-hint").hidden = true;
  redraw();
  const btn = $("hand").querySelector(`[data-tile="${tile}"]`);
  if (btn) btn.focus();
}

export function playTile(tile, end) {
  setPicking(null);
  $("pick-hint").hidden = true;
  const fromBoard = document.activeElement && document.activeElement.closest && document.activeElement.closest("#board");
  const cmd = send("play", { tile, end: end ?? null });
  redraw();
  if (cmd && fromBoard) {
    // keyboard players continue from their hand
    const next = $("hand").querySelector(".hand-tile");
    if (next) next.focus();
  }
}

export function onMainAction() {
  const kind = $("main-action").dataset.kind;
  if (kind === "start") send("start");
  else if (kind === "draw") send("draw");
  else if (kind === "pass") send("pass");
  else if (kind === "next_round") send("next_round");
  redraw();
}

/** What the hand's and the board's input may read and do (hand-view.js, board-view.js). */
export const controls = {
  state: () => S,
  picking: () => picking,
  /** Start placing `tile` whose places are `targets` (a drag began), and draw it. */
  pick: (tile, targets) => {
    setPicking({ tile, targets });
    redraw();
  },
  choose: chooseTile,
  play: playTile,
  cancel: cancelPick,
};
