/** The home screen: the form that creates a table (against the computer or with friends); the experience block is ranking-view.js. */

import { createTable } from "./api.js";
import { getLang, t } from "./i18n.js";
import { $, show } from "./page.js";
import { showMyTables } from "./my-tables-view.js";
import { showExperience } from "./ranking-view.js";
import { go } from "./nav.js";
import { saveSettings, settings, store } from "./settings.js";
import { closeSocket, soloTables, startOnOpen } from "./table.js";

let home = { mode: "computer" };

const BOTS = ["rabisco", "nino", "voquelonia"];
const TIMERS = [0, 15, 30, 45, 60];

export function showHome() {
  closeSocket();
  show("home");
  showMyTables();
  $("name").value = settings.name || "";
  refreshHomeForm();
  showExperience();
}

function formValue(name) {
  const form = $("new-table");
  const el = form.elements[name];
  return el instanceof RadioNodeList ? el.value : el.value;
}

/** Redraw the parts of the home form that depend on other choices. */
export function refreshHomeForm() {
  const preset = $("preset").value;
  const seats = Number(formValue("seats"));
  home.mode = formValue("mode");
  $("preset-hint").textContent = t(`presetHint.${preset}`);
  // teams: only at 4; classic always, caribbean by default
  const teams = $("teams");
  $("teams-row").hidden = seats !== 4;
  if (preset === "classic") {
    teams.checked = true;
    teams.disabled = true;
  } else {
    teams.disabled = false;
    if (teams.dataset.preset !== preset) teams.checked = preset === "caribbean";
  }
  teams.dataset.preset = preset;
  // goals
  const goal = $("goal");
  const keep = Number(goal.value) || 100;
  const goals = preset === "classic" ? [50, 100] : [50, 75, 100, 150, 200, 250, 300];
  goal.innerHTML = goals.map((g) => `<option value="${g}">${g}</option>`).join("");
  goal.value = goals.includes(keep) ? String(keep) : "100";
  // one chooser per other seat: the bot that plays it (friends who arrive take bot seats)
  const rows = $("seat-rows");
  const before = Array.from(rows.querySelectorAll("select")).map((s) => s.value);
  const withTeams = seats === 4 && teams.checked;
  let html = `<p class="seat-row"><span>${t("home.seatN", { n: 1 })}: <strong>${t("home.you")}</strong></span></p>`;
  for (let seat = 1; seat < seats; seat += 1) {
    const role = withTeams ? (seat === 2 ? t("home.partner") : t("home.opponent")) : t("home.seatN", { n: seat + 1 });
    const opts = BOTS.map((b) => `<option value="${b}">${t(`bot.${b}`)} (${t(`botLevel.${b}`)})</option>`);
    html +=
      `<label class="seat-row"><span>${withTeams ? `${t("home.seatN", { n: seat + 1 })} · ` : ""}${role}</span>` +
      `<select data-seat="${seat}" name="seat-${seat}">${opts.join("")}</select></label>`;
  }
  if (withTeams && home.mode === "friends") {
    html +=
      `<label class="seat-row"><span>${t("home.partnerWho")}</span><select id="partner" name="partner">` +
      `<option value="friend">${t("home.partnerFriend")}</option><option value="bot">${t("home.partnerBot")}</option></select></label>`;
  }
  if (home.mode === "friends") html += `<p class="hint">${t("home.friendsTakeSeats")}</p>`;
  const partnerBefore = $("partner") ? $("partner").value : "friend";
  rows.innerHTML = html;
  if ($("partner")) $("partner").value = partnerBefore;
  rows.querySelectorAll("select[data-seat]").forEach((sel, i) => {
    const wanted = before[i];
    sel.value = wanted && BOTS.includes(wanted) ? wanted : "nino";
  });
  $("pace-box").hidden = home.mode !== "friends";
  const ts = $("turn-seconds");
  if (!ts.options.length || ts.dataset.lang !== getLang()) {
    const keepTs = ts.value || "0";
    ts.innerHTML = TIMERS.map((s) => `<option value="${s}">${s ? t("home.seconds", { n: s }) : t("home.noTimer")}</option>`).join("");
    ts.value = keepTs;
    ts.dataset.lang = getLang();
  }
  $("timer-row").hidden = formValue("pace") !== "live";
  $("create-btn").textContent = home.mode === "friends" ? t("home.create") : t("home.play");
}

export async function submitHome(ev) {
  ev.preventDefault();
  const seats = Number(formValue("seats"));
  const preset = $("preset").value;
  const friends = formValue("mode") === "friends";
  const bots = [null];
  for (const sel of $("seat-rows").querySelectorAll("select[data-seat]")) bots.push(sel.value);
  const name = $("name").value.trim() || t("home.namePlaceholder");
  saveSettings({ name: $("name").value.trim() });
  const teams = seats === 4 && $("teams").checked;
  const pace = friends ? formValue("pace") : "live";
  const turnSeconds = friends && pace === "live" ? Number($("turn-seconds").value) || null : null;
  const body = {
    preset, seats, goal: Number($("goal").value), pace, turn_seconds: turnSeconds,
    bots, partner: teams ? (friends && $("partner") ? $("partner").value : "bot") : null, name,
  };
  if (seats === 4) body.teams = teams;
  $("create-status").textContent = t("home.creating");
  $("create-btn").disabled = true;
  try {
    const res = await createTable(body, store.playerToken());
    store.savePlayerToken(res.player_token);
    store.saveSeat(res.table_id, res.seat, res.token);
    if (!friends) {
      startOnOpen(res.table_id);
      soloTables.add(res.table_id);
    }
    $("create-status").textContent = "";
    go(`/t/${encodeURIComponent(res.table_id)}`);
  } catch (err) {
    $("create-status").textContent = t("reject.http", { reason: err.message });
  } finally {
    $("create-btn").disabled = false;
  }
}
