/** The HTTP API (DESIGN.md §3). Every call throws an Error with the server's detail on a non-2xx answer. */

import { t } from "./i18n.js";

/**
 * The server's words for a refusal: a `detail` string as it is, a typed list
 * (`[{loc, msg, type}]`, as 422 and 413 give) as its messages, each after the field it is about.
 */
export function detailText(detail, status) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    const said = detail.map((d) => {
      const loc = Array.isArray(d && d.loc) ? d.loc.filter((p) => p !== "body") : [];
      const msg = d && typeof d.msg === "string" ? d.msg : "";
      return loc.length ? `${loc.join(".")}: ${msg}` : msg;
    });
    if (said.some(Boolean)) return said.filter(Boolean).join("; ");
  }
  return detail ? JSON.stringify(detail) : `HTTP ${status}`;
}

/**
 * A refusal of `call` in the player's language where the client knows it (a name the server
 * will not take, and why; a body too large), else the server's own words.
 */
export function refusalReason(err) {
  const items = Array.isArray(err && err.detail) ? err.detail : [];
  for (const item of items) {
    const loc = Array.isArray(item && item.loc) ? item.loc : [];
    if (loc[0] === "body" && loc[loc.length - 1] === "name") {
      const key = `reject.name.${item.type}`;
      const text = t(key);
      return text === key ? t("reject.name") : text;
    }
    if (item && item.type === "body_too_large") return t("reject.tooLarge");
  }
  return err && err.message ? err.message : "";
}

async function call(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const detail = data && data.detail;
    const err = new Error(detailText(detail, res.status));
    err.status = res.status;
    err.detail = detail;
    err.body = data;
    throw err;
  }
  return data;
}

/** `body` with `player_token` added when we hold one (the server mints one otherwise). */
function withPlayer(body, playerToken) {
  return playerToken ? { ...body, player_token: playerToken } : body;
}

/** Create a table: returns {table_id, seat, token, invite_url, table, player_token}. */
export function createTable(settings, playerToken = null) {
  return call("POST", "/api/tables", withPlayer(settings, playerToken));
}

/** After the match at `tableId` (our seat's `token`): tell its players the new table `table`. */
export function offerRematch(tableId, token, table) {
  return call("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, { table }, token);
}

/** Take a seat at a table by its link (`seat`: the free one chosen, or null for any):
 * returns {seat, token, table, player_token}. */
export function joinTable(tableId, name, playerToken = null, seat = null) {
  const body = seat === null || seat === undefined ? { name } : { name, seat };
  return call("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, withPlayer(body, playerToken));
}

/** The experience of the player holding `playerToken`: {name, points, matches, wins, place}. */
export function myStats(playerToken) {
  return call("GET", "/api/players/me", undefined, playerToken);
}

/**
 * The ranking, best first: {players: [{name, points, matches, wins, place, you}]};
 * with `playerToken`, that player's line has `you: true`.
 */
export function getRanking(limit = 10, playerToken = null) {
  return call("GET", `/api/ranking?limit=${encodeURIComponent(limit)}`, undefined, playerToken);
}

/**
 * Several tables at once (at most 50 ids): {tables: [{table, round, turn, scores, winner}]},
 * in the order asked; ids the server does not know are left out.
 */
export function listTables(ids) {
  const query = ids.map((id) => `id=${encodeURIComponent(id)}`).join("&");
  return call("GET", `/api/tables?${query}`);
}

/** The table summary. */
export function getTable(tableId) {
  return call("GET", `/api/tables/${encodeURIComponent(tableId)}`);
}

/** Where the finished match's record (domino-record/2, or /3 when it says how the match ended) downloads from. */
export function recordUrl(tableId) {
  return `/api/tables/${encodeURIComponent(tableId)}/record`;
}

/** A finished table's match as replay steps: {rules, steps, names, table_id}. */
export function getReplay(tableId) {
  return call("GET", `/api/tables/${encodeURIComponent(tableId)}/replay`);
}

/** A record file (`domino-record/1`, `/2` or `/3`, parsed) as replay steps: {rules, steps, names: null}. */
export function replayRecord(record) {
  return call("POST", "/api/replay", record);
}

/** The server's VAPID public key: {public_key} (base64url). */
export function getPushKey() {
  return call("GET", "/api/push/key");
}

/** Send our seat's reminders at `tableId` to `subscription` (PushSubscription.toJSON() and `lang`). */
export function subscribePush(tableId, token, subscription) {
  return call("PUT", `/api/tables/${encodeURIComponent(tableId)}/push`, subscription, token);
}

/** No more reminders of our seat at `tableId` to `endpoint` (null: to any browser). */
export function unsubscribePush(tableId, token, endpoint) {
  return call("DELETE", `/api/tables/${encodeURIComponent(tableId)}/push`, endpoint ? { endpoint } : {}, token);
}

/** Whether `endpoint` gets our seat's reminders at `tableId`: {subscribed}. */
export function pushStatus(tableId, token, endpoint) {
  return call("POST", `/api/tables/${encodeURIComponent(tableId)}/push/status`, { endpoint }, token);
}
