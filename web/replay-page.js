/**
 * The replay screen, wired: `/t/{table_id}/replay` (a finished table, shareable) or
 * `/replay` (a record file opened in the page). Buttons and keys step through it
 * (arrows: a move; Page Up/Down: a round; Home/End); the address keeps the step
 * (`?step=N`), so a link opens where it was sent from.
 */

import { toast } from "./announce.js";
import { getReplay, recordUrl, replayRecord } from "./api.js";
import { t } from "./i18n.js";
import { $, show } from "./page.js";
import { clearFairResult } from "./fair-view.js";
import { recordTrouble, stepFrom } from "./replay.js";
import { renderReplay } from "./replay-view.js";
import { closeSocket } from "./table.js";

let data = null; // {rules, steps, names, table_id}
let fileRecord = null; // the record file opened in the page, if that is what is shown
let at = 0;

const KEYS = {
  ArrowRight: "next", ArrowDown: "next", ArrowLeft: "prev", ArrowUp: "prev",
  PageDown: "nextRound", PageUp: "prevRound", Home: "first", End: "last",
};

/** Open the replay of table `tableId`, or (null) the file chooser for a record. */
export async function openReplay(tableId) {
  closeSocket();
  show("replay");
  data = null;
  fileRecord = null;
  clearFairResult();
  $("replay-view").hidden = true;
  $("replay-file-box").hidden = Boolean(tableId);
  $("replay-status").textContent = tableId ? t("replay.loading") : "";
  if (!tableId) return;
  try {
    loaded(await getReplay(tableId));
  } catch (err) {
    $("replay-status").textContent = t("replay.bad", { reason: err.message });
  }
}

function loaded(answer) {
  data = answer;
  const wanted = Number(new URLSearchParams(location.search).get("step"));
  at = Number.isInteger(wanted) && wanted > 0 ? Math.min(wanted - 1, data.steps.length - 1) : 0;
  $("replay-status").textContent = "";
  $("replay-view").hidden = false;
  $("replay-share").hidden = !data.table_id;
  go(at, false);
}

function go(i, say = true) {
  at = i;
  renderReplay(data, at);
  $("replay-step").setAttribute("aria-live", say ? "polite" : "off");
  if (data.table_id) {
    const url = `/t/${encodeURIComponent(data.table_id)}/replay${at ? `?step=${at + 1}` : ""}`;
    history.replaceState(null, "", url);
  }
}

function step(key) {
  if (!data) return;
  const next = stepFrom(data.steps, at, key);
  if (next !== at) go(next);
}

/** The record the replay shows, for "check the shuffle": the file opened here, or the
 * finished table's record from the server; null when no replay is shown. */
export async function shownRecord() {
  if (fileRecord) return fileRecord;
  if (!data || !data.table_id) return null;
  const r = await fetch(recordUrl(data.table_id));
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return r.json();
}

/** Draw the replay shown again, in the language of the moment (the language changed). */
export function relabelReplay() {
  if (data && !$("replay").hidden) renderReplay(data, at);
}

/** The replay screen's buttons, keys and file input. */
export function bindReplay() {
  for (const [id, key] of [
    ["rp-first", "first"], ["rp-prev-round", "prevRound"], ["rp-prev", "prev"],
    ["rp-next", "next"], ["rp-next-round", "nextRound"], ["rp-last", "last"],
  ]) {
    $(id).addEventListener("click", () => step(key));
  }
  // the keys step wherever the keyboard is on the replay screen (it arrives on the title),
  // but not in the file picker, a menu or a dialog
  document.addEventListener("keydown", (ev) => {
    const key = KEYS[ev.key];
    if (!key || ev.altKey || ev.ctrlKey || ev.metaKey || $("replay").hidden || !data) return;
    if (ev.target.closest && ev.target.closest("input, select, textarea, details, dialog")) return;
    ev.preventDefault();
    step(key);
  });
  $("replay-file").addEventListener("change", async (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    try {
      const record = JSON.parse(await file.text());
      loaded(await replayRecord(record));
      fileRecord = record;
      clearFairResult();
    } catch (err) {
      $("replay-status").textContent = recordTrouble(err);
    }
  });
  $("replay-share").addEventListener("click", async () => {
    const url = `${location.origin}${location.pathname}${location.search}`;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // no clipboard here: the address bar holds the same link
    }
    toast(t("replay.copied"));
  });
  window.addEventListener("resize", () => {
    if (data && !$("replay").hidden) renderReplay(data, at);
  });
}
