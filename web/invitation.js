/** The invitation screen (`#lobby`): who sits at a table, and joining it or watching it. */

import { getTable, joinTable, refusalReason } from "./api.js";
import { t } from "./i18n.js";
import { $, escapeHtml, show } from "./page.js";
import { seatNames, typedName } from "./seats.js";
import { saveSettings, settings, store } from "./settings.js";
import { closeSocket, openTable } from "./table.js";

/** The table the invitation on screen is for. */
let lobbyTable = null;
/** That table as the server gave it (null until it came): drawn again in a new language. */
let lobbyData = null;

/** Show the invitation to `tableId`: who sits there, the free seats, joining or watching. */
export async function showLobby(tableId) {
  closeSocket();
  lobbyTable = tableId;
  lobbyData = null;
  show("lobby");
  $("lobby-found").hidden = false;
  $("lobby-missing").hidden = true;
  $("join-form").hidden = false;
  $("join-btn").hidden = false;
  $("join-name").closest("label").hidden = false;
  $("lobby-over").hidden = true;
  $("join-name").value = settings.name || "";
  $("lobby-status").textContent = "";
  const summary = $("lobby-summary");
  summary.textContent = "";
  $("lobby-pick").innerHTML = "";
  try {
    const table = await getTable(tableId);
    if (lobbyTable !== tableId) return; // another invitation was opened meanwhile
    lobbyData = table;
    drawLobby(table, tableId);
  } catch (err) {
    if (err.status === 404) {
      // a wrong or old link: say so plainly, with the way home (no form to fill)
      $("lobby-found").hidden = true;
      $("lobby-missing").hidden = false;
      $("lobby-missing-title").focus({ preventScroll: true });
      return;
    }
    summary.textContent = t("reject.http", { reason: refusalReason(err) });
    $("join-btn").disabled = true;
  }
}

/** Draw the invitation of `table` (a summary from the server): who sits there, the free
 * seats, and the form to take one, or the ways to the replay once the match is over. */
function drawLobby(table, tableId) {
  // the seats a friend may take now, as the table says (not a bot partner's, nor one a
  // friend is on the way to)
  const free = table.seats.filter((s) => s.open);
  const preset = table.rules && table.rules.preset;
  const names = seatNames(table.seats);
  const over = table.status === "finished";
  const summary = $("lobby-summary");
  summary.innerHTML =
    `<p><strong>${escapeHtml(t(`preset.${preset}`))}</strong> · ${t("table.goal", { n: table.rules.goal })}</p>` +
    `<ul class="lobby-seats">${table.seats.map((s, i) => `<li>${escapeHtml(seatLabel(s, names[i]))}</li>`).join("")}</ul>` +
    (over || !free.length ? "" : `<p>${t("lobby.seatsFree", { n: free.length })}</p>`);
  if (over) {
    // the match is over: no form to fill, the way to its replay and home instead
    $("join-form").hidden = true;
    $("lobby-over").hidden = false;
    $("lobby-replay").href = `/t/${encodeURIComponent(tableId)}/replay`;
    return;
  }
  // choosing a seat: any, or one of the free ones (a bot's seat: its bot makes way)
  if (free.length > 1) {
    const option = (value, label, checked) =>
      `<label><input type="radio" name="join-seat" value="${value}"${checked ? " checked" : ""}> <span>${escapeHtml(label)}</span></label>`;
    $("lobby-pick").innerHTML =
      `<legend>${escapeHtml(t("lobby.pickSeat"))}</legend>` +
      option("", t("lobby.anySeat"), true) +
      free.map((s) => option(s.seat, `${t("home.seatN", { n: s.seat + 1 })}: ${seatLabel(s, names[table.seats.indexOf(s)])}${partnerOf(table, names, s)}`)).join("");
  }
  $("lobby-pick").hidden = free.length <= 1;
  // a full table: nothing to fill in, watching is what is left
  $("join-btn").disabled = free.length === 0;
  $("join-btn").hidden = free.length === 0;
  $("join-name").closest("label").hidden = free.length === 0;
  if (free.length === 0) $("lobby-status").textContent = t("lobby.full");
}

/** The invitation on screen drawn again in the language chosen now (the seat picked kept). */
export function relabelLobby() {
  if ($("lobby").hidden || !lobbyData) return;
  const picked = document.querySelector('input[name="join-seat"]:checked');
  const value = picked ? picked.value : null;
  drawLobby(lobbyData, lobbyTable);
  if (value === null) return;
  for (const input of document.querySelectorAll('input[name="join-seat"]')) input.checked = input.value === value;
}

/** ", parceiro de Ana" for the seat across from the table's creator at 4 with teams
 * (`names`: the seats' names as `seatNames` gives them). */
function partnerOf(table, names, s) {
  if (!table.rules.teams) return "";
  const creator = table.seats.findIndex((x) => x.creator);
  if (creator < 0 || (table.seats[creator].seat + 2) % 4 !== s.seat) return "";
  return ` · ${t("seat.partnerOf", { name: names[creator] })}`;
}

/** Join the table of the invitation on screen with the name typed, then open it. */
export async function submitJoin(ev) {
  ev.preventDefault();
  const tableId = lobbyTable;
  const name = typedName($("join-name").value) || t("home.namePlaceholder");
  saveSettings({ name: typedName($("join-name").value) });
  $("join-btn").disabled = true;
  try {
    const picked = document.querySelector('input[name="join-seat"]:checked');
    const seat = picked && picked.value !== "" ? Number(picked.value) : null;
    const res = await joinTable(tableId, name, store.playerToken(), seat);
    store.savePlayerToken(res.player_token);
    store.saveSeat(tableId, res.seat, res.token);
    openTable(tableId);
  } catch (err) {
    $("lobby-status").textContent = t("reject.http", { reason: refusalReason(err) });
    $("join-btn").disabled = false;
  }
}

/** Watch the table of the invitation on screen without a seat. */
export function spectate() {
  watching(lobbyTable, true);
  openTable(lobbyTable, { spectate: true });
}

/** Whether this tab watches `tableId` (set with `on`): a reload goes on watching, as a
 * seat's reload goes on playing (kept for the tab only: sessionStorage). */
export function watching(tableId, on = undefined) {
  const key = `domino.watching.${tableId}`;
  try {
    if (on !== undefined) sessionStorage.setItem(key, "1");
    return sessionStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

/** A seat in words: "Nina (robô médio)", "cadeira livre (Nino, robô médio)", a person's name. */
function seatLabel(s, name) {
  const level = s.bot ? t("bot.tag", { level: t(`botLevel.${s.bot}`) }) : "";
  if (s.kind === "bot") return `${name} (${level})`;
  if (s.kind === "empty") return `${t("table.free")}${s.bot ? ` (${name}, ${level})` : ""}`;
  return name;
}
