/** The home screen: the form that creates a table (against the computer or with friends); the experience block is ranking-view.js. */

import { createTable, refusalReason } from "./api.js";
import { getLang, t } from "./i18n.js";
import { $, show } from "./page.js";
import { showMyTables } from "./my-tables-view.js";
import { showExperience } from "./ranking-view.js";
import { go } from "./nav.js";
import { showPushHome } from "./push.js";
import { botName, typedName } from "./seats.js";
import { saveSettings, settings, store } from "./settings.js";
import { closeSocket, soloTables, startOnOpen } from "./table.js";

let home = { mode: "computer" };

const BOTS = ["rabisco", "nino", "voquelonia"];
const TIMERS = [0, 15, 30, 45, 60];
/** The goals each game offers (RULES.md §8; batida §6b: 3..12, 6 by default). */
const GOALS = {
  classic: [50, 100],
  batida: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  default: [50, 75, 100, 150, 200, 250, 300],
};

export function showHome() {
  closeSocket();
  show("home");
  showMyTables();
  $("name").value = settings.name || "";
  refreshHomeForm();
  refreshQuickPlay();
  showExperience();
  showPushHome();
}

/** The last game made against the computer here (or the home form's defaults). */
function lastGame() {
  const last = settings.lastGame || {};
  return {
    preset: last.preset || "classic", seats: last.seats || 4, goal: last.goal || 100,
    teams: last.teams ?? true, bots: last.bots || null,
  };
}

/** "Jogar agora": the button at the top of home, and what it plays. */
export function refreshQuickPlay() {
  const g = lastGame();
  const hint = settings.lastGame ? "home.playNowHint" : "home.playNowHintFirst"; // "your last settings" only once there are some
  $("quick-hint").textContent = t(hint, { preset: t(`preset.${g.preset}`), seats: g.seats, goal: g.goal });
}

/** Start a game against the computer at once, with the last settings. */
export async function quickPlay() {
  const g = lastGame();
  const bots = [null, ...Array.from({ length: g.seats - 1 }, (_, i) => (g.bots && g.bots[i + 1]) || "nino")];
  const teams = g.seats === 4 && (g.preset === "classic" || g.teams);
  const body = {
    preset: g.preset, seats: g.seats, goal: g.goal, pace: "live", turn_seconds: null, bots,
    partner: teams ? "bot" : null, name: settings.name || t("home.namePlaceholder"),
  };
  if (g.seats === 4) body.teams = teams;
  await create(body, false, $("quick-status"), $("quick-play"));
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
    if (teams.dataset.preset !== preset) teams.checked = preset === "caribbean" || preset === "batida";
  }
  teams.dataset.preset = preset;
  // goals
  const goal = $("goal");
  const keep = Number(goal.value) || 100;
  const goals = GOALS[preset] || GOALS.default;
  const fallback = preset === "batida" ? 6 : 100;
  goal.innerHTML = goals.map((g) => `<option value="${g}">${g}</option>`).join("");
  goal.value = String(goals.includes(keep) ? keep : fallback);
  // one chooser per other seat: the bot that plays it (friends who arrive take bot seats)
  const rows = $("seat-rows");
  const before = Array.from(rows.querySelectorAll("select")).map((s) => s.value);
  const withTeams = seats === 4 && teams.checked;
  let html = `<p class="seat-row"><span>${t("home.seatN", { n: 1 })}: <strong>${t("home.you")}</strong></span></p>`;
  for (let seat = 1; seat < seats; seat += 1) {
    const role = withTeams ? (seat === 2 ? t("home.partner") : t("home.opponent")) : t("home.seatN", { n: seat + 1 });
    // each level by the name its bot will have at this seat (Nino, Nina, Nico...)
    const opts = BOTS.map((b) => `<option value="${b}">${botName(b, seat)} (${t(`botLevel.${b}`)})</option>`);
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
  const name = typedName($("name").value) || t("home.namePlaceholder");
  saveSettings({ name: typedName($("name").value) });
  const teams = seats === 4 && $("teams").checked;
  const pace = friends ? formValue("pace") : "live";
  const turnSeconds = friends && pace === "live" ? Number($("turn-seconds").value) || null : null;
  const body = {
    preset, seats, goal: Number($("goal").value), pace, turn_seconds: turnSeconds,
    bots, partner: teams ? (friends && $("partner") ? $("partner").value : "bot") : null, name,
  };
  if (seats === 4) body.teams = teams;
  if (!friends) saveSettings({ lastGame: { preset, seats, goal: body.goal, teams, bots } });
  await create(body, friends, $("create-status"), $("create-btn"));
}

/** Create the table `body` describes and open it (against the computer: started at once). */
async function create(body, friends, status, button) {
  status.textContent = t("home.creating");
  button.disabled = true;
  try {
    const res = await createTable(body, store.playerToken());
    store.savePlayerToken(res.player_token);
    store.saveSeat(res.table_id, res.seat, res.token);
    if (!friends) {
      startOnOpen(res.table_id);
      soloTables.add(res.table_id);
    }
    status.textContent = "";
    go(`/t/${encodeURIComponent(res.table_id)}`);
  } catch (err) {
    status.textContent = t("reject.http", { reason: refusalReason(err) });
  } finally {
    button.disabled = false;
  }
}
