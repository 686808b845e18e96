/*
 * The page's service worker: notifications only, no caching.
 *
 * - "Your turn" while a tab is open (notify.js): Chrome on Android shows notifications
 *   from a service worker and never from the page itself (`new Notification` throws).
 * - Web Push reminders of correspondence tables (push.js), with no tab open: the server's
 *   payload says the kind, the table, whose turn, the last public move and the page to
 *   open; the words come from the page (its language), kept here in Cache Storage.
 *
 * A tap on a notification brings the tab of that table to the front; for a reminder with
 * no such tab, another tab of ours opens the table, or a new window does.
 */

const WORDS_CACHE = "domino-push-words";
const WORDS_URL = "/push-words.json"; // a key in the cache, never fetched

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type !== "push-texts" || !msg.texts) return;
  event.waitUntil(
    caches.open(WORDS_CACHE).then((cache) => cache.put(WORDS_URL, new Response(JSON.stringify(msg.texts)))),
  );
});

async function savedWords() {
  try {
    const found = await (await caches.open(WORDS_CACHE)).match(WORDS_URL);
    return found ? await found.json() : {};
  } catch {
    return {};
  }
}

function fill(text, params) {
  return String(text || "").replace(/\{(\w+)\}/g, (_, k) => (params[k] === undefined ? "" : String(params[k])));
}

function payloadOf(event) {
  try {
    return (event.data && event.data.json()) || {};
  } catch {
    return {};
  }
}

/**
 * The words of the last move `last`, as the page says it: the computer's when it made the
 * move for a person (`by`: "away", "timeout"; "held", in a friend's seat before they
 * came), the seat's own otherwise (and with words kept before those existed).
 */
function moveWords(words, last) {
  const family = last.by === "held" ? words.moveHeld : last.by ? words.moveFor : null;
  return (family && family[last.type]) || (words.move && words.move[last.type]) || "";
}

/** Show the reminder `p` (the server's payload) in the page's words. */
async function showReminder(p) {
  const words = await savedWords();
  const kind = ["your_turn", "after_24h", "before_absence_claim", "match_over"].includes(p.kind) ? p.kind : "your_turn";
  const w = words[kind] || {};
  const last = p.last ? fill(moveWords(words, p.last), { name: p.last.name, tile: p.last.tile }) : "";
  const path = typeof p.url === "string" && p.url.startsWith("/t/") ? p.url : "/";
  const url = new URL(path, self.location.origin).href;
  // the tag of notify.js's "your turn": one notice per table, taken away once we play
  const tag = p.table ? `domino-turn-${p.table}` : "domino-turn";
  return self.registration.showNotification(w.title || "Dominó", {
    body: fill(w.body, { last, name: p.turn_name }).trim(),
    tag,
    renotify: true,
    data: { url, push: true, table: p.table || null, kind },
  });
}

self.addEventListener("push", (event) => {
  event.waitUntil(showReminder(payloadOf(event)));
});

/** Bring the table of `data.url` to the front. */
async function openFor(data) {
  const url = data.url;
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (data.push && url) {
    // a tab of that table first (its address may be old: the page moves within itself),
    // else any tab of ours, told to open the table; else a new window
    const ours = tabs.find((tab) => tab.url === url) || tabs.find((tab) => tab.url.startsWith(self.location.origin));
    if (!ours) return self.clients.openWindow(url);
    ours.postMessage({ type: "open-table", path: new URL(url).pathname });
    return ours.focus().catch(() => ours);
  }
  const same = tabs.find((tab) => url && tab.url === url) || tabs[0];
  if (same) return same.focus();
  if (url) return self.clients.openWindow(url);
  return undefined;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const work = openFor(event.notification.data || {});
  try {
    event.waitUntil(work);
  } catch {
    // an event made by a script (not by the browser) has no waitUntil: the work still runs
  }
});
