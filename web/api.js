/** The HTTP API (DESIGN.md §3). Every call throws an Error with the server's detail on a non-2xx answer. */

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
    const text = typeof detail === "string" ? detail : detail ? JSON.stringify(detail) : `HTTP ${res.status}`;
    const err = new Error(text);
    err.status = res.status;
    throw err;
  }
  return data;
}

/** Create a table: returns {table_id, seat, token, invite_url, table}. */
export function createTable(settings) {
  return call("POST", "/api/tables", settings);
}

/** Take a seat at a table by its link: returns {seat, token, table}. */
export function joinTable(tableId, name) {
  return call("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { name });
}

/** The table summary. */
export function getTable(tableId) {
  return call("GET", `/api/tables/${encodeURIComponent(tableId)}`);
}

/** Where the finished match's record (domino-record/1) downloads from. */
export function recordUrl(tableId) {
  return `/api/tables/${encodeURIComponent(tableId)}/record`;
}
