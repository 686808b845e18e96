/** The connection banner at the top of a table's page: lost, back, offline. */

import { t } from "./i18n.js";
import { $ } from "./page.js";

/** What the connection banner says (its text's key, worded again after a language change), or null: hidden. */
let bannerKey = null;

export function showBanner(key, kind) {
  const banner = $("conn-banner");
  bannerKey = key;
  banner.className = `banner ${kind}`;
  banner.hidden = false;
  wordBanner();
}

export function hideBanner() {
  bannerKey = null;
  $("conn-banner").hidden = true;
}

/** The banner's text in the language of the moment (not left in the old one until the link changes). */
export function wordBanner() {
  if (bannerKey === null) return;
  const text = t(bannerKey);
  if ($("conn-banner").textContent !== text) $("conn-banner").textContent = text;
}

/** Whether the banner shows the text of `key` now. */
export function bannerShows(key) {
  return bannerKey === key;
}
