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

/** Verify `record` and write the outcome into the box with id `boxId`. */
async function check(boxId, load) {
  const box = $(boxId);
  const head = box.querySelector(".fair-headline");
  const detail = box.querySelector(".fair-detail");
  head.textContent = t("fair.checking");
  detail.textContent = "";
  box.classList.remove("fair-ok", "fair-bad");
  let text;
  try {
    text = verifyText(await verifyRecord(await load()));
  } catch {
    text = { ok: false, headline: t("fair.failed"), detail: t("fair.bad.fetch") };
  }
  head.textContent = text.headline;
  detail.textContent = text.detail;
  box.classList.add(text.ok ? "fair-ok" : "fair-bad");
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
    const box = $(id);
    if (!box) continue;
    box.classList.remove("fair-ok", "fair-bad");
    for (const el of box.querySelectorAll(".fair-headline, .fair-detail")) el.textContent = "";
  }
}
