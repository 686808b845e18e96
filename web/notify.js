/**
 * "Sua vez" as a system notification, for a player who asked for it in the settings and
 * whose tab is in the background. The browser must allow it (asked when the player turns
 * it on); nothing leaves the page: no push service, so only while the tab is open.
 */

import { t } from "./i18n.js";

/** Whether this browser can show notifications at all. */
export function canNotify() {
  return typeof globalThis.Notification === "function";
}

/** Ask the browser's permission; whether notifications may be shown now. */
export async function askToNotify() {
  if (!canNotify()) return false;
  if (Notification.permission === "granted") return true;
  if (Notification.permission === "denied") return false;
  return (await Notification.requestPermission()) === "granted";
}

/** Tell the player the table `tableId` waits for their move, when they cannot see it. */
export function notifyTurn(tableId) {
  if (!canNotify() || Notification.permission !== "granted" || !document.hidden) return;
  try {
    const note = new Notification(t("notify.title"), { body: t("notify.body"), tag: `domino-turn-${tableId}` });
    note.onclick = () => {
      globalThis.focus();
      note.close();
    };
  } catch {
    // some phones only notify from a service worker: the tab's title still says it
  }
}
