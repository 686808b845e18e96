// Fair deals on the client (docs/RECORD.md "Fair deals"): which client seed to send for
// the deal the server committed to, and a verification's outcome in words. Pure: no DOM,
// no socket (crypto.getRandomValues only for a random seed).

import { t } from "./i18n.js";

/** A random client seed: 16 bytes from the browser's CSPRNG, as 32 hex digits. */
export function randomSeed() {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A typed client seed as the server takes it (1..64 characters, no control character),
 * or "" for none. */
export function cleanSeed(text) {
  const clean = String(text ?? "").replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  return Array.from(clean).slice(0, 64).join("");
}

/**
 * The `client_seed` command's fields to send now, or null: when the table summary shows a
 * commitment whose deal has not gone on (`deal_at` set), we hold a seat there, and neither
 * the server lists our seat as seeded nor have we sent one for that round (`sent`: a Set of
 * round numbers). `own`: the seed typed in the table's options ("" or absent: a random one).
 */
export function seedToSend(state, sent, own = "") {
  const fair = state && state.table && state.table.fair;
  if (!fair || fair.deal_at == null || state.seat == null) return null;
  if ((fair.seeded || []).includes(state.seat) || sent.has(fair.round)) return null;
  return { round: fair.round, seed: cleanSeed(own) || randomSeed() };
}

/** What a verification found, in the current language: {ok, headline, detail}. */
export function verifyText(result) {
  if (result.ok) {
    return { ok: true, headline: t("fair.ok", { n: result.rounds }), detail: t("fair.explain") };
  }
  const what = t(`fair.bad.${result.code}`, { seat: (result.seat ?? 0) + 1 });
  return {
    ok: false,
    headline: result.round ? t("fair.failedRound", { round: result.round }) : t("fair.failed"),
    detail: `${what} ${t("fair.explain")}`,
  };
}
