/**
 * "Avise-me quando for minha vez": Web Push reminders for correspondence tables, with
 * the page closed. Subscribing asks the browser's permission, subscribes the page's
 * service worker (sw.js) with the server's VAPID key and hands the subscription to the
 * server for our seat (PUT /api/tables/{id}/push, seat token). The service worker shows
 * each reminder in the words this page gives it (the current language) and a tap opens
 * the table. Turned off at the table, or for every table from the home page.
 *
 * Hooks: `renderPush(S)` after each redraw of the table, `showPushHome()` when the home
 * screen shows, `bindPush()` once at start.
 */

import { toast } from "./announce.js";
import { getPushKey, pushStatus, subscribePush, unsubscribePush } from "./api.js";
import { getLang, t } from "./i18n.js";
import { go } from "./nav.js";
import { notifier } from "./notify.js";
import { $ } from "./page.js";
import { store } from "./settings.js";

/** localStorage: {tableId: true} for each table this browser gets reminders from. */
const KEY = "domino.push";

function flags() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

function setFlag(tableId, on) {
  const all = flags();
  if (on) all[tableId] = true;
  else delete all[tableId];
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: the server still knows
  }
}

/** Whether this browser can get Web Push at all. */
export function pushSupported() {
  return "serviceWorker" in navigator && typeof globalThis.PushManager === "function" && "Notification" in globalThis;
}

/** The base64url `text` as bytes (an applicationServerKey). */
export function keyBytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** The words the service worker shows, in the current language. */
export function pushWords() {
  const out = { lang: getLang(), move: {}, moveFor: {}, moveHeld: {} };
  for (const kind of ["your_turn", "after_24h", "before_absence_claim", "match_over"]) {
    out[kind] = { title: t(`push.${kind}.title`), body: t(`push.${kind}.body`) };
  }
  for (const m of ["play", "draw", "pass"]) {
    for (const family of ["move", "moveFor", "moveHeld"]) out[family][m] = t(`push.${family}.${m}`);
  }
  return out;
}

/** Give the service worker the words of the current language (kept by it for later). */
async function tellWorker() {
  const reg = await navigator.serviceWorker.ready;
  if (reg.active) reg.active.postMessage({ type: "push-texts", texts: pushWords() });
}

/** The language changed: reminders already asked for are worded in the new one too. */
export function relabelPush() {
  if (pushSupported() && Object.values(flags()).some(Boolean)) tellWorker().catch(() => {});
}

async function currentSubscription() {
  const reg = await notifier();
  if (!reg || !reg.pushManager) return null;
  return reg.pushManager.getSubscription();
}

/** Subscribe this browser for our seat at `tableId`; whether it worked. */
async function turnOn(tableId, token) {
  const allowed =
    Notification.permission === "granted" ||
    (Notification.permission !== "denied" && (await Notification.requestPermission()) === "granted");
  if (!allowed) return "blocked";
  const reg = await notifier();
  if (!reg) return "failed";
  await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  if (!sub) {
    const { public_key: key } = await getPushKey();
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  }
  await subscribePush(tableId, token, { ...sub.toJSON(), lang: getLang() });
  setFlag(tableId, true);
  await tellWorker();
  return "on";
}

/** Stop the reminders of our seat at `tableId` in this browser. */
async function turnOff(tableId, token) {
  const sub = await currentSubscription();
  await unsubscribePush(tableId, token, sub ? sub.endpoint : null);
  setFlag(tableId, false);
  if (sub && Object.keys(flags()).length === 0) await sub.unsubscribe();
}

// ---------------------------------------------------------------- the table

let shownFor = null; // the table whose flag was checked with the server
let busy = false;
let blocked = false;

function tableBar() {
  let bar = $("push-bar");
  if (bar) return bar;
  bar = document.createElement("div");
  bar.id = "push-bar";
  bar.className = "notice push-bar";
  bar.hidden = true;
  bar.innerHTML = '<span id="push-text" role="status"></span> <button type="button" id="push-toggle"></button>';
  const anchor = $("absence-bar") || $("board-wrap");
  if (anchor) anchor.after(bar);
  else $("table").prepend(bar);
  return bar;
}

function label(el, key) {
  el.dataset.i18n = key;
  el.textContent = t(key);
}

/** Draw the reminder offer at the table `S` (only at a correspondence table where we
 * hold a seat, in a browser with Web Push). */
export function renderPush(S) {
  const bar = tableBar();
  const held = S.tableId ? store.seatAt(S.tableId) : null;
  const table = S.table;
  const offer =
    pushSupported() && held && S.seat !== null && table && table.pace === "correspondence" && table.status !== "finished";
  bar.hidden = !offer;
  if (!offer) return;
  const on = Boolean(flags()[S.tableId]);
  label($("push-text"), blocked ? "push.blocked" : on ? "push.onText" : "push.offer");
  label($("push-toggle"), on ? "push.unsubscribe" : "push.subscribe");
  $("push-toggle").disabled = busy;
  $("push-toggle").dataset.table = S.tableId;
  if (shownFor !== S.tableId) {
    shownFor = S.tableId;
    if (on) checkWithServer(S.tableId, held.token).then(() => renderPush(S));
  }
}

/** A flag the server no longer agrees with (the push service said the browser is gone)
 * is dropped. */
async function checkWithServer(tableId, token) {
  try {
    const sub = await currentSubscription();
    const known = sub ? (await pushStatus(tableId, token, sub.endpoint)).subscribed : false;
    if (!known) setFlag(tableId, false);
    else await tellWorker(); // its words in the language of today
  } catch {
    // offline: keep what we have
  }
}

async function toggle(button) {
  const tableId = button.dataset.table;
  const held = tableId && store.seatAt(tableId);
  if (!held || busy) return;
  busy = true;
  button.disabled = true;
  try {
    if (flags()[tableId]) await turnOff(tableId, held.token);
    else {
      const result = await turnOn(tableId, held.token);
      blocked = result === "blocked";
      if (result === "failed") toast(t("push.failed"));
    }
  } catch {
    toast(t("push.failed"));
  } finally {
    busy = false;
    button.disabled = false;
    const text = $("push-text");
    const on = Boolean(flags()[tableId]);
    label(text, blocked ? "push.blocked" : on ? "push.onText" : "push.offer");
    label(button, on ? "push.unsubscribe" : "push.subscribe");
  }
}

// ---------------------------------------------------------------- the home page

function homeLine() {
  let line = $("push-home");
  if (line) return line;
  line = document.createElement("p");
  line.id = "push-home";
  line.className = "hint push-home";
  line.hidden = true;
  line.innerHTML =
    '<span id="push-home-text" data-i18n="push.homeText"></span> <button type="button" id="push-off-all" data-i18n="push.offAll"></button>';
  const home = $("home");
  const mine = $("my-tables");
  if (mine && mine.parentElement === home) mine.after(line);
  else home.prepend(line);
  $("push-home-text").textContent = t("push.homeText");
  $("push-off-all").textContent = t("push.offAll");
  return line;
}

/** Show the "turn off every reminder" line when this browser gets any. */
export function showPushHome() {
  homeLine().hidden = !pushSupported() || Object.keys(flags()).length === 0;
}

/** Stop the reminders of every table this browser holds a seat at. */
async function offEverywhere() {
  const sub = await currentSubscription().catch(() => null);
  const seats = store.seats();
  await Promise.all(
    Object.entries(seats).map(([tableId, held]) =>
      unsubscribePush(tableId, held.token, sub ? sub.endpoint : null).catch(() => null),
    ),
  );
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
  if (sub) await sub.unsubscribe().catch(() => false);
  showPushHome();
  toast(t("push.offDone"));
}

/** Bind the buttons and the service worker's "open this table" (once, at start). */
export function bindPush() {
  document.addEventListener("click", (ev) => {
    const target = ev.target instanceof Element ? ev.target : null;
    if (!target) return;
    if (target.id === "push-toggle") toggle(target);
    if (target.id === "push-off-all") offEverywhere();
  });
  if ("serviceWorker" in navigator) {
    // a tapped reminder in a tab of ours that shows something else: open its table here
    navigator.serviceWorker.addEventListener("message", (ev) => {
      const msg = ev.data || {};
      if (msg.type !== "open-table" || typeof msg.path !== "string" || !msg.path.startsWith("/t/")) return;
      if (location.pathname !== msg.path || $("table").hidden) go(msg.path);
    });
    navigator.serviceWorker.startMessages();
  }
}
