/**
 * Fair deals on screen (docs/RECORD.md "Fair deals"): the client seed this browser adds
 * to each committed deal, the player's own seed typed in the table's menu, and "Check the
 * shuffle" on the match-over panel and the replay, which verifies the record here, with
 * WebCrypto (web/verify.js), and says what was checked.
 */

import { recordUrl } from "./api.js";
import { seedToSend, verifyText } from "./fair.js";
import { t } from "./i18n.js";
import { $ } from "./page.js";
import { verifyRecord } from "./verify.js";

/** Rounds we sent a seed for, per table (a resend after a reconnect is refused anyway). */
const sent = new Map();

/** The seed the player typed for the next deal ("" for none: a random one is sent). */
function ownSeed() {
  const box = $("fair-own-seed");
  return box ? box.value : "";
}

/**
 * After each frame: when the table shows a commitment our seat has not seeded, send our
 * client seed (`send(type, fields)` is the table's command sender). The typed seed, once
 * used, is cleared: it was for one deal.
 */
export function offerSeed(state, send) {
  if (!state || !state.tableId) return;
  showCommitment(state);
  const rounds = sent.get(state.tableId) || new Set();
  sent.set(state.tableId, rounds);
  const cmd = seedToSend(state, rounds, ownSeed());
  if (!cmd) return;
  if (send("client_seed", cmd)) {
    rounds.add(cmd.round);
    const box = $("fair-own-seed");
    if (box && box.value) box.value = "";
  }
}

/** The table menu's line naming the latest commitment (its first 12 hex digits); after
 * each frame, and again when the language changes. */
export function showCommitment(state) {
  const line = $("fair-commitment");
  const fair = state.table && state.table.fair;
  if (!line) return;
  line.textContent = fair ? t("fair.committed", { round: fair.round, short: fair.commitment.slice(0, 12) }) : "";
  line.title = fair ? fair.commitment : "";
}

/**
 * What each result box says, as data, so that it can be said again in another language:
 * box id -> {checking: true} while the check runs, then {result} (web/verify.js's outcome)
 * or {fetchFailed: true}. A box not listed shows nothing.
 */
const shown = new Map();

/** Write what box `boxId` holds (`shown`) in the language of the moment. */
function draw(boxId) {
  const box = $(boxId);
  if (!box) return;
  const head = box.querySelector(".fair-headline");
  const detail = box.querySelector(".fair-detail");
  const what = shown.get(boxId);
  box.classList.remove("fair-ok", "fair-bad");
  if (!what || what.checking) {
    head.textContent = what ? t("fair.checking") : "";
    detail.textContent = "";
    return;
  }
  const text = what.result
    ? verifyText(what.result)
    : { ok: false, headline: t("fair.failed"), detail: t("fair.bad.fetch") };
  head.textContent = text.headline;
  detail.textContent = text.detail;
  box.classList.add(text.ok ? "fair-ok" : "fair-bad");
}

/** Verify `record` and write the outcome into the box with id `boxId`. */
async function check(boxId, load) {
  const checking = { checking: true };
  shown.set(boxId, checking);
  draw(boxId);
  let outcome;
  try {
    outcome = { result: await verifyRecord(await load()) };
  } catch {
    outcome = { fetchFailed: true };
  }
  if (shown.get(boxId) !== checking) return; // forgotten (another table or record) or checked again
  shown.set(boxId, outcome);
  draw(boxId);
}

/** Say every check shown again, in the language of the moment. */
export function relabelFair() {
  for (const boxId of shown.keys()) draw(boxId);
}

/** The record of table `tableId` as the server gives it. */
async function fetchRecord(tableId) {
  const r = await fetch(recordUrl(tableId));
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return r.json();
}

/**
 * Bind the "Check the shuffle" buttons: on the match-over panel (the table on screen,
 * `tableId()`), and on the replay (`replayRecord()`: the record it shows, or null).
 */
export function bindFair({ tableId, replayRecord }) {
  const table = $("fair-verify");
  if (table) table.addEventListener("click", () => check("fair-result", () => fetchRecord(tableId())));
  const replay = $("replay-fair-verify");
  if (replay) {
    replay.addEventListener("click", () =>
      check("replay-fair-result", async () => {
        const rec = await replayRecord();
        if (!rec) throw new Error("no record");
        return rec;
      }),
    );
  }
}

/** Forget a shown verification (a new table or replay on screen). */
export function clearFairResult() {
  for (const id of ["fair-result", "replay-fair-result"]) {
    shown.delete(id);
    draw(id);
  }
}
