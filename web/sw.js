/*
 * The page's service worker, for one thing only: the "your turn" notification. Chrome
 * on Android shows notifications from a service worker and never from the page itself
 * (`new Notification` throws there). No caching, no push: it works while a tab is open.
 * A tap on the notification brings that tab (or the table, in a new one) to the front.
 */

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = tabs.find((tab) => url && tab.url === url) || tabs[0];
      if (same) return same.focus();
      if (url) return self.clients.openWindow(url);
      return undefined;
    })(),
  );
});
