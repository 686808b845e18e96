/** The invitation screen (`#lobby`): who sits at a table, and joining it or watching it. */

import { getTable, joinTable } from "./api.js";
import { t } from "./i18n.js";
import { $, escapeHtml, show } from "./page.js";
import { saveSettings, settings, store } from "./settings.js";
import { closeSocket, openTable } from "./table.js";

/** The table the invitation on screen is for. */
let lobbyTable = null;

/** Show the invitation to `tableId`: who sits there, the free seats, joining or watching. */
export async function showLobby(tableId) {
  closeSocket();
  lobbyTable = tableId;
  show("lobby");
  $("join-name").value = settings.name || "";
  $("lobby-status").textContent = "";
  const summary = $("lobby-summary");
  summary.textContent = "";
  try {
    const table = await getTable(tableId);
    const free = table.seats.filter((s) => s.kind !== "human").length;
    const preset = table.rules && table.rules.preset;
    summary.innerHTML =
      `<p><strong>${escapeHtml(t(`preset.${preset}`))}</strong> · ${t("table.goal", { n: table.rules.goal })}</p>` +
      `<ul class="lobby-seats">${table.seats.map((s) => `<li>${escapeHtml(seatLabel(s))}</li>`).join("")}</ul>` +
      `<p>${t("lobby.seatsFree", { n: free })}</p>`;
    $("join-btn").disabled = free === 0 || table.status === "finished";
    if (table.status === "finished") $("lobby-status").textContent = t("lobby.finished");
    else if (free === 0) $("lobby-status").textContent = t("lobby.full");
  } catch (err) {
    summary.textContent = err.status === 404 ? t("lobby.notFound") : t("reject.http", { reason: err.message });
    $("join-btn").disabled = true;
  }
}

/** Watch the table of the invitation on screen without a seat. */
export function spectate() {
  openTable(lobbyTable, { spectate: true });
}

function seatLabel(s) {
  if (s.kind === "bot") return `${t(`bot.${s.bot}`)} (${t("bot.tag", { level: t(`botLevel.${s.bot}`) })})`;
  if (s.kind === "empty") return `${t("home.seatN", { n: s.seat + 1 })}: ${t("table.free")}${s.bot ? ` (${t(`bot.${s.bot}`)})` : ""}`;
  return s.name;
}

/** Join the table of the invitation on screen with the name typed, then open it. */
export async function submitJoin(ev) {
  ev.preventDefault();
  const tableId = lobbyTable;
  const name = $("join-name").value.trim() || t("home.namePlaceholder");
  saveSettings({ name: $("join-name").value.trim() });
  $("join-btn").disabled = true;
  try {
    const res = await joinTable(tableId, name, store.playerToken());
    store.savePlayerToken(res.player_token);
    store.saveSeat(tableId, res.seat, res.token);
    openTable(tableId);
  } catch (err) {
    $("lobby-status").textContent = t("reject.http", { reason: err.message });
    $("join-btn").disabled = false;
  }
}
