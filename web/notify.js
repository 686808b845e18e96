/**
 * "Sua vez" as a system notification, for a player who asked for it in the settings and
 * whose tab is in the background. The browser must allow it (asked when the player turns
 * it on). Shown through the page's service worker (sw.js) where there is one, as Chrome
 * on Android requires, else by the page. No push service: only while the tab is open.
 */

import { t } from "./i18n.js";

/** The tag of table `tableId`'s "your turn" notification (a newer one replaces it). */
const turnTag = (tableId) => `domino-turn-${tableId}`;

/** Whether this browser can show notifications at all. */
export function canNotify() {
  return typeof globalThis.Notification === "function";
}

/** The service worker that shows notifications (registered once), or null without one. */
export async function notifier() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register("/sw.js");
  } catch {
    return null; // not allowed here (a private window, an insecure origin): the page shows them
  }
}

/** Ask the browser's permission; whether notifications may be shown now. */
export async function askToNotify() {
  if (!canNotify()) return false;
  const granted =
    Notification.permission === "granted" ||
    (Notification.permission !== "denied" && (await Notification.requestPermission()) === "granted");
  if (granted) await notifier();
  return granted;
}

/** Take away the "your turn" notification of table `tableId` (played, or the tab is seen). */
export async function clearTurn(tableId) {
  if (!canNotify() || Notification.permission !== "granted" || !("serviceWorker" in navigator)) return;
  const worker = await navigator.serviceWorker.getRegistration("/");
  if (!worker) return;
  for (const note of await worker.getNotifications({ tag: turnTag(tableId) })) note.close();
}

/** Tell the player the table `tableId` waits for their move, when they cannot see it. */
export async function notifyTurn(tableId) {
  if (!canNotify() || Notification.permission !== "granted" || !document.hidden) return;
  const title = t("notify.title");
  const options = { body: t("notify.body"), tag: turnTag(tableId), renotify: true, data: { url: location.href } };
  const worker = await notifier();
  try {
    if (worker) {
      await worker.showNotification(title, options);
      return;
    }
    const note = new Notification(title, options);
    note.onclick = () => {
      globalThis.focus();
      note.close();
    };
  } catch {
    // the browser refused after all: the tab's title still says it
  }
}
