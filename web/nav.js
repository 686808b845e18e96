/**
 * Moving between the page's routes without importing the screens: `app.js` hands
 * `onRoute` the function that opens the route of `location`; any module may then
 * `go(path)` there or open the current one again (`reroute`).
 */

let opener = () => {};

/** Set the function that opens the route `location` holds (app.js, once). */
export function onRoute(open) {
  opener = open;
}

/** Go to `path` (pushed on the history) and open it. */
export function go(path) {
  history.pushState(null, "", path);
  opener();
}

/** Open the route `location` holds again (after our seat there was refused, say). */
export function reroute() {
  opener();
}
