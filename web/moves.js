/** The player's moves: choosing a tile, picking the end it goes to, playing it; the main button. */

import { t } from "./i18n.js";
import { $ } from "./page.js";
import { render } from "./render.js";
import { handModel, isMyTurn, moveInFlight } from "./state.js";
import { S, send } from "./table.js";

export let picking = null; // {tile, targets} while the player chooses an end

/** Set the tile being placed (`{tile, targets}`) or, with null, forget it. */
export function setPicking(value) {
  picking = value;
}

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
  picking = { tile, targets: item.targets };
  $("pick-hint").textContent = t("table.pickEnd", { tile });
  $("pick-hint").hidden = false; // a status region: screen readers hear it too
  render();
}

export function cancelPick() {
  if (!picking) return;
  const tile = picking.tile;
  picking = null;
  $("pick-hint").hidden = true;
  render();
  const btn = $("hand").querySelector(`[data-tile="${tile}"]`);
  if (btn) btn.focus();
}

export function playTile(tile, end) {
  picking = null;
  $("pick-hint").hidden = true;
  const fromBoard = document.activeElement && document.activeElement.closest && document.activeElement.closest("#board");
  const cmd = send("play", { tile, end: end ?? null });
  render();
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
  render();
}
