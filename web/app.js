/**
 * The page: routes (home, invitation, table), drawing the state, and the
 * player's input (click, drag, keyboard). Game rules live on the server;
 * this file only shows what the view says and sends commands.
 */

import { createTable, getTable, joinTable, recordUrl } from "./api.js";
import { boardSvg, fitBoard, previewTile } from "./board.js";
import { handMarkup, moveFocus, uprightTileSvg } from "./hand.js";
import { applyI18n, getLang, setLang, t } from "./i18n.js";
import { TableSocket } from "./protocol.js";
import { rulesHtml } from "./rules/text.js";
import { play as playSound } from "./sound.js";
import {
  clock, describeEvent, explainMatch, explainRound, handModel, initialState, isMyTurn,
  mainAction, moveInFlight, reduce, secondsLeft, seatName, sideCount, sideName, sideOf, withPending,
} from "./state.js";
import { makeStore } from "./storage.js";
import { numberCount, parseTile } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const store = makeStore(globalThis.localStorage);
let settings = store.settings();
setLang(settings.lang);

/** Everything about the table on screen. */
let S = initialState();
let socket = null;
let picking = null; // {tile, targets} while the player chooses an end
let lastBoardSig = "";
let lastHandSig = "";
let timerHandle = null;
let home = { mode: "computer" };

const BOTS = ["rabisco", "nino", "voquelonia"];
const TIMERS = [0, 15, 30, 45, 60];

// ---------------------------------------------------------------- routing

function route() {
  const m = /^\/t\/([^/?#]+)/.exec(location.pathname);
  if (m) openTable(decodeURIComponent(m[1]));
  else showHome();
}

function show(screen) {
  for (const id of ["home", "lobby", "table"]) $(id).hidden = id !== screen;
}

function go(path) {
  history.pushState(null, "", path);
  route();
}

// ---------------------------------------------------------------- home

function showHome() {
  closeSocket();
  show("home");
  const current = store.current();
  $("resume-box").hidden = !(current && store.seatAt(current));
  if (current) $("resume-link").href = `/t/${encodeURIComponent(current)}`;
  $("name").value = settings.name || "";
  refreshHomeForm();
}

function formValue(name) {
  const form = $("new-table");
  const el = form.elements[name];
  return el instanceof RadioNodeList ? el.value : el.value;
}

/** Redraw the parts of the home form that depend on other choices. */
function refreshHomeForm() {
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

async function submitHome(ev) {
  ev.preventDefault();
  const seats = Number(formValue("seats"));
  const preset = $("preset").value;
  const friends = formValue("mode") === "friends";
  const bots = [null];
  for (const sel of $("seat-rows").querySelectorAll("select[data-seat]")) bots.push(sel.value);
  const name = $("name").value.trim() || t("home.namePlaceholder");
  settings = store.saveSettings({ name: $("name").value.trim() });
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
    const res = await createTable(body);
    store.saveSeat(res.table_id, res.seat, res.token);
    if (!friends) {
      pendingAutoStart = res.table_id;
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

/** A table created against the computer starts as soon as our socket is up. */
let pendingAutoStart = null;
/** Tables created here against the computer: no need to offer the invite first. */
const soloTables = new Set();

// ---------------------------------------------------------------- invitation

async function showLobby(tableId) {
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
    if (free === 0) $("lobby-status").textContent = t("lobby.full");
  } catch (err) {
    summary.textContent = err.status === 404 ? t("lobby.notFound") : t("reject.http", { reason: err.message });
    $("join-btn").disabled = true;
  }
}

function seatLabel(s) {
  if (s.kind === "bot") return `${t(`bot.${s.bot}`)} (${t("bot.tag", { level: t(`botLevel.${s.bot}`) })})`;
  if (s.kind === "empty") return `${t("home.seatN", { n: s.seat + 1 })}: ${t("table.free")}${s.bot ? ` (${t(`bot.${s.bot}`)})` : ""}`;
  return s.name;
}

async function submitJoin(ev) {
  ev.preventDefault();
  const tableId = S.tableId;
  const name = $("join-name").value.trim() || t("home.namePlaceholder");
  settings = store.saveSettings({ name: $("join-name").value.trim() });
  $("join-btn").disabled = true;
  try {
    const res = await joinTable(tableId, name);
    store.saveSeat(tableId, res.seat, res.token);
    openTable(tableId);
  } catch (err) {
    $("lobby-status").textContent = t("reject.http", { reason: err.message });
    $("join-btn").disabled = false;
  }
}

// ---------------------------------------------------------------- table

function openTable(tableId, { spectate = false } = {}) {
  const held = store.seatAt(tableId);
  S = initialState(tableId, held ? held.seat : null);
  picking = null;
  lastBoardSig = "";
  lastHandSig = "";
  if (!held && !spectate) {
    closeSocket();
    showLobby(tableId);
    return;
  }
  store.setCurrent(tableId);
  show("table");
  $("invite-url").value = `${location.origin}/t/${encodeURIComponent(tableId)}`;
  $("record-link").href = recordUrl(tableId);
  closeSocket();
  socket = new TableSocket({
    tableId,
    token: held ? held.token : null,
    location,
    onFrame,
    onStatus: showConnection,
    onFatal: (code) => {
      // our seat token is not valid here (4401) or the table is gone (4404): back to the invitation
      if (code === 4401 || code === 4404) store.forgetSeat(tableId);
      closeSocket();
      openTable(tableId);
    },
  });
  socket.connect();
  render();
  if (!timerHandle) timerHandle = setInterval(renderTimer, 500);
}

function closeSocket() {
  if (socket) socket.close();
  socket = null;
  if (timerHandle) clearInterval(timerHandle);
  timerHandle = null;
  $("conn-banner").hidden = true;
}

function onFrame(frame) {
  const before = S;
  S = reduce(S, frame);
  if (frame.type === "rejected" || frame.type === "error") {
    const code = frame.code;
    const known = t(`reject.${code}`);
    const reason = known !== `reject.${code}` ? known : frame.reason || frame.detail || code;
    toast(t("reject.prefix", { reason }));
    playSound("error", settings.sound);
  }
  if (frame.type === "event") {
    const line = describeEvent(S, frame.event);
    if (line) announce(line);
    if (frame.event && frame.event.type === "play") playSound("tile", settings.sound);
    if (frame.event && frame.event.type === "round_end") playSound("round", settings.sound);
  }
  if (frame.type === "snapshot" || frame.type === "welcome") maybeAutoStart();
  if (!isMyTurn(before) && isMyTurn(S)) {
    playSound("turn", settings.sound);
    announce(t("log.yourTurn"), true);
  }
  if (picking && !isMyTurn(S)) picking = null;
  if (frame.type === "event" && frame.view) refreshDeadline(before);
  render();
}

function maybeAutoStart() {
  if (pendingAutoStart !== S.tableId || !S.table) return;
  pendingAutoStart = null;
  if (S.table.status === "waiting") send("start");
}

function send(type, fields) {
  if (!socket) return null;
  const cmd = socket.send(type, fields);
  if (!cmd) {
    toast(t("conn.offline"));
    return null;
  }
  S = withPending(S, cmd);
  return cmd;
}

let liveQueue = [];
let liveTimer = null;
/** Say `text` in the live region (and show it as the last-move line). */
function announce(text, urgent = false) {
  liveQueue.push(text);
  if (urgent) liveQueue = liveQueue.slice(-3);
  if (liveTimer) return;
  liveTimer = setTimeout(() => {
    $("live").textContent = liveQueue.slice(-3).join(" ");
    liveQueue = [];
    liveTimer = null;
  }, 60);
}

let toastTimer = null;
function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 4000);
}

let wasLost = false;
function showConnection(status) {
  const banner = $("conn-banner");
  if (status === "reconnecting") {
    banner.textContent = t("conn.lost");
    banner.className = "banner warn";
    banner.hidden = false;
    wasLost = true;
  } else if (status === "open" && wasLost) {
    banner.textContent = t("conn.back");
    banner.className = "banner ok";
    banner.hidden = false;
    wasLost = false;
    setTimeout(() => {
      if (socket && socket.status === "open") banner.hidden = true;
    }, 1500);
  } else if (status === "open" || status === "closed") {
    banner.hidden = true;
  }
  renderSeats();
}

// ---------------------------------------------------------------- drawing

function render() {
  if ($("table").hidden) return;
  const v = S.view;
  renderSeats();
  renderInfo();
  renderOverlays();
  renderBoard();
  renderHand();
  renderMain();
  renderAnnulment();
  renderTimer();
  $("invite").hidden = !S.table || S.table.status === "finished";
  if (S.table && S.table.status === "waiting" && !soloTables.has(S.tableId) && !$("invite").dataset.touched) {
    $("invite").open = true;
  }
  $("resign").disabled = !v || v.over || S.seat === null;
  $("annul").disabled = !v || v.over || S.seat === null || Boolean(S.table && S.table.annulment);
  $("claim").hidden = !(S.table && S.table.pace === "correspondence");
  $("claim").disabled = absence() !== "late";
  renderAbsence();
}

/**
 * Correspondence: "waiting" while another person's turn runs, "late" once the
 * absence deadline has passed (any other player may claim), else null.
 */
function absence() {
  const v = S.view;
  const table = S.table;
  if (!v || !table || table.pace !== "correspondence" || v.over || v.round_over || S.seat === null) return null;
  if (isMyTurn(S) || !table.deadline) return null;
  const seat = table.seats.find((x) => x.seat === v.turn);
  if (!seat || seat.kind !== "human") return null;
  return secondsLeft(table.deadline, Date.now()) === 0 ? "late" : "waiting";
}

function renderAbsence() {
  const state = absence();
  const bar = $("absence-bar");
  bar.hidden = state === null;
  if (state === null) return;
  const name = seatName(S, S.view.turn);
  const when = new Date(Date.parse(S.table.deadline)).toLocaleString(getLang(), { dateStyle: "short", timeStyle: "short" });
  const text = state === "late" ? t("absence.late", { name }) : t("absence.until", { name, when });
  if ($("absence-text").textContent !== text) $("absence-text").textContent = text;
  $("claim-now").hidden = state !== "late";
  $("claim").disabled = state !== "late";
}

/**
 * The server sends the table summary when seats or status change, not when a
 * turn starts; the deadlines (turn timer, absence) move with every turn, so a
 * table that has one asks for the fresh summary when the turn passes to a person.
 */
let summaryAsked = null;
function refreshDeadline(before) {
  const v = S.view;
  const table = S.table;
  if (!v || !table || v.over) return;
  const timed = table.pace === "correspondence" || (table.pace === "live" && table.turn_seconds);
  if (!timed) return;
  const turnKey = `${v.round}:${v.turn}:${(v.log || []).length}:${v.round_over}`;
  const prev = before.view ? `${before.view.round}:${before.view.turn}:${(before.view.log || []).length}:${before.view.round_over}` : "";
  if (turnKey === prev || summaryAsked === turnKey) return;
  const seat = table.seats.find((x) => x.seat === v.turn);
  if (!seat || seat.kind !== "human") return;
  summaryAsked = turnKey;
  const tableId = S.tableId;
  getTable(tableId)
    .then((fresh) => {
      if (S.tableId !== tableId || !S.table || !fresh) return;
      S = reduce(S, { type: "table", table: { ...S.table, deadline: fresh.deadline } });
      render();
    })
    .catch(() => {});
}

function renderSeats() {
  const bar = $("seats-bar");
  if (!S.table) {
    bar.innerHTML = "";
    return;
  }
  const v = S.view;
  const rules = (v && v.rules) || S.table.rules || {};
  const teams = Boolean(rules.teams);
  const items = S.table.seats.map((s) => {
    const me = s.seat === S.seat;
    const turn = v && !v.round_over && !v.over && v.turn === s.seat;
    const count = v && v.hand_counts ? v.hand_counts[s.seat] : null;
    const side = sideOf(rules, s.seat);
    const score = v && v.scores && !teams ? v.scores[side] : null;
    const level = s.kind === "bot" ? t("bot.tag", { level: t(`botLevel.${s.bot}`) }) : s.kind === "empty" ? t("table.free") : "";
    const name = escapeHtml(seatName(S, s.seat));
    const conn = s.kind === "human" ? (s.connected ? t("table.connected") : t("table.disconnected")) : "";
    const cls = ["seat-chip", me ? "me" : "", turn ? "turn" : "", teams ? `team${side}` : ""].filter(Boolean).join(" ");
    return (
      `<li class="${cls}" data-seat="${s.seat}"${turn ? ' aria-current="true"' : ""}>` +
      `<span class="seat-name">${name}${me && name !== t("home.you") ? ` <em>(${t("table.you")})</em>` : ""}</span>` +
      (level ? `<span class="seat-level">${level}</span>` : "") +
      (conn ? `<span class="dot ${s.connected ? "on" : "off"}" title="${conn}"><span class="sr-only">${conn}</span></span>` : "") +
      (count !== null ? `<span class="seat-count">${t("table.tiles", { n: count })}</span>` : "") +
      (score !== null ? `<span class="seat-score">${t("table.score", { n: score })}</span>` : "") +
      `</li>`
    );
  });
  if (teams && v && v.scores) {
    for (let side = 0; side < sideCount(rules); side += 1) {
      items.push(
        `<li class="team-score team${side}"><span>${escapeHtml(sideName(S, side))}</span>` +
          `<strong>${t("table.score", { n: v.scores[side] })}</strong></li>`,
      );
    }
  }
  bar.innerHTML = items.join("");
}

function renderInfo() {
  const v = S.view;
  const rules = (v && v.rules) || (S.table && S.table.rules) || null;
  $("info-round").textContent = v ? t("table.round", { n: v.round }) : "";
  $("info-goal").textContent = rules ? `${t(`preset.${rules.preset}`)} · ${t("table.goal", { n: rules.goal })}` : "";
  let bone = "";
  if (v && rules && rules.drawing !== false) bone = t("table.boneyard", { n: v.boneyard });
  else if (v && v.sleeping) bone = t("table.sleeping", { n: v.sleeping });
  $("info-boneyard").textContent = bone;
  $("info-count").textContent = v && v.count !== null && v.count !== undefined ? t("table.count", { n: v.count }) : "";
  let turn = "";
  if (!v) turn = t("table.waitingStart");
  else if (v.over) turn = t("match.over");
  else if (v.round_over) turn = t("round.over", { n: v.round });
  else if (isMyTurn(S)) turn = t("table.yourTurn");
  else turn = t("table.turnOf", { name: seatName(S, v.turn) });
  if (S.seat === null && v) turn += ` · ${t("table.spectator")}`;
  $("turn-text").textContent = turn;
}

function renderTimer() {
  if (!$("table").hidden) renderAbsence();
  const el = $("timer");
  const left = S.table && S.view && !S.view.over && !S.view.round_over && S.table.pace === "live" && S.table.turn_seconds
    ? secondsLeft(S.table.deadline, Date.now())
    : null;
  el.hidden = left === null;
  if (left !== null) {
    el.textContent = t("table.timer", { t: clock(left) });
    el.classList.toggle("low", left <= 5);
  }
}

/** Pixels the line of play may use: the board's width, and a height that leaves room for the hand. */
function boardRoom() {
  const el = $("board");
  const width = Math.max(200, el.clientWidth || window.innerWidth - 40);
  const panel = !$("round-over").hidden || !$("match-over").hidden;
  const beside = window.innerWidth >= 1000; // the panel sits beside the board (style.css)
  const share = panel && !beside ? 0.34 : window.innerWidth < 700 ? 0.46 : 0.56;
  const height = Math.max(150, Math.min(560, Math.round(window.innerHeight * share)));
  const maxUnit = window.innerWidth < 520 ? 24 : 32;
  return { width, height, maxUnit };
}

function lastPlayedKey(v) {
  const plays = (v.log || []).filter((e) => e.type === "play");
  const last = plays[plays.length - 1];
  if (!last) return null;
  const [a, b] = last.tile.split("-").map(Number);
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

/** The reach the line is drawn with now (kept while it still fits well). */
let boardReachNow = null;

function renderBoard() {
  const v = S.view;
  const board = v ? v.board : null;
  const room = boardRoom();
  const fives = Boolean(v && v.rules && (v.rules.scoring === "fives" || v.rules.preset === "fives"));
  const sig = JSON.stringify([board, picking, room, getLang(), v && v.round_over]);
  if (sig === lastBoardSig) return;
  lastBoardSig = sig;
  const el = $("board");
  if (!board || !board.center) {
    boardReachNow = null;
    el.innerHTML = `<p class="board-empty">${t("table.boardEmpty")}</p>`;
    return;
  }
  const fit = fitBoard(board, { ...room, keep: boardReachNow });
  boardReachNow = fit.reach;
  const tile = picking ? parseTile(picking.tile) : null;
  const targets = picking
    ? picking.targets.map((x) => ({
        end: x.end,
        text: fives ? (x.points ? `+${x.points}` : "0") : "",
        preview: previewTile(board, x.end, tile, (v.ends || {})[x.end], { reach: fit.reach }),
        label: t("table.targetLabel", {
          tile: picking.tile,
          end: t(`table.end.${x.end}`),
          points: x.points ? t("table.targetPoints", { n: x.points }) : fives ? t("table.targetNoPoints") : "",
        }),
      }))
    : [];
  const ends = Object.entries(v.ends || {})
    .map(([end, pips]) => `${t(`table.end.${end}`)} ${pips}`)
    .join(", ");
  const drawn = boardSvg(fit.layout, {
    label: t("table.boardLabel", { n: fit.layout.tiles.length, ends }),
    last: v.round_over ? null : lastPlayedKey(v),
    targets,
  });
  el.innerHTML = drawn.markup;
  // Scale to fit the room both ways; a short line keeps tiles at a comfortable size.
  const svg = el.querySelector("svg");
  const bw = drawn.box.maxX - drawn.box.minX;
  const bh = drawn.box.maxY - drawn.box.minY;
  const unit = Math.min(room.width / bw, room.height / bh, room.maxUnit);
  svg.style.width = `${Math.floor(bw * unit)}px`;
  svg.style.height = `${Math.floor(bh * unit)}px`;
  el.dataset.unit = String(Math.round(unit * 10) / 10);
  if (picking) {
    const first = el.querySelector(".target");
    if (first && !drag) first.focus({ preventScroll: true });
  }
}

function renderHand() {
  const el = $("hand");
  const v = S.view;
  // between rounds every hand, ours too, is shown face up in the round-over panel
  el.hidden = Boolean(v && (v.round_over || v.over));
  const model = handModel(v);
  const locked = !isMyTurn(S) || moveInFlight(S);
  const sig = JSON.stringify([model, locked, picking && picking.tile, getLang()]);
  if (sig === lastHandSig) return;
  lastHandSig = sig;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.tile : null;
  el.innerHTML = handMarkup(model, {
    locked,
    selected: picking && picking.tile,
    label: (item) => (item.playable && !locked ? t("table.tilePlayable", { tile: item.tile }) : t("table.tileBlocked", { tile: item.tile })),
  });
  if (focused && !picking) {
    const again = el.querySelector(`[data-tile="${focused}"]`) || el.querySelector(".hand-tile.lit") || el.querySelector(".hand-tile");
    if (again) again.focus();
  }
}

function renderMain() {
  const btn = $("main-action");
  const action = mainAction(S);
  btn.hidden = action.kind === "none";
  btn.textContent = action.label;
  btn.dataset.kind = action.kind;
  btn.disabled = !action.enabled || moveInFlight(S);
  // after the match only the panel's own buttons (rematch, record, home) make sense
  $("more").hidden = Boolean(S.view && S.view.over);
}

function renderOverlays() {
  const v = S.view;
  const roundBox = $("round-over");
  const matchBox = $("match-over");
  const result = v && v.round_over ? v.result || (v.rounds || [])[v.rounds.length - 1] : null;
  roundBox.hidden = !result;
  if (result) {
    const text = explainRound(S, result, v.round);
    $("round-title").textContent = text.title;
    $("round-headline").textContent = text.headline;
    $("round-points").textContent = text.points;
    $("round-explain").textContent = text.explain;
    $("round-fives").textContent = text.fives;
    $("round-fives").hidden = !text.fives;
    $("round-sum").textContent = text.sum;
    $("round-sum").hidden = !text.sum;
    $("round-score").textContent = text.score;
    const hands = result.hands || [];
    const rules = v.rules || {};
    $("round-hands").innerHTML = hands
      .map((hand, seat) => {
        const won = result.winner !== null && result.winner !== undefined && sideOf(rules, seat) === result.winner;
        const tiles = hand.length
          ? hand.map((tile) => `<span class="mini" role="img" aria-label="${tile}">${uprightTileSvg(tile)}</span>`).join("")
          : `<span class="reveal-empty">${t("round.emptyHand")}</span>`;
        return (
          `<div class="reveal-row${won ? " won" : ""}${teamsClass(rules, seat)}"><span class="reveal-name">${escapeHtml(text.pips[seat] || seatName(S, seat))}</span>` +
          `<span class="reveal-tiles">${tiles}</span></div>`
        );
      })
      .join("");
  }
  matchBox.hidden = !(v && v.over);
  $("board-wrap").classList.toggle("with-panel", Boolean(result) || Boolean(v && v.over));
  if (v && v.over) {
    const text = explainMatch(S);
    $("match-headline").textContent = text.headline;
    $("match-reason").textContent = text.reason;
    $("match-score").textContent = text.score;
  }
}

function renderAnnulment() {
  const bar = $("annulment-bar");
  const a = S.table && S.table.annulment;
  const v = S.view;
  bar.hidden = !a || !v || v.over;
  if (!a) return;
  $("annulment-text").textContent = t("action.annulProposed", { name: seatName(S, a.by) });
  const voted = S.seat === null || a.by === S.seat || String(S.seat) in (a.votes || {});
  $("annul-yes").hidden = voted;
  $("annul-no").hidden = voted;
}

/** " team0"/" team1" for a seat at a table with teams, else "". */
function teamsClass(rules, seat) {
  return rules && rules.teams ? ` team${sideOf(rules, seat)}` : "";
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// ---------------------------------------------------------------- input

function chooseTile(tile) {
  if (!isMyTurn(S) || moveInFlight(S)) return;
  const item = handModel(S.view).find((x) => x.tile === tile);
  if (!item || !item.playable) return;
  if (item.targets.length === 1) {
    playTile(tile, item.targets[0].end);
    return;
  }
  picking = { tile, targets: item.targets };
  $("pick-hint").textContent = t("table.pickEnd", { tile });
  $("pick-hint").hidden = false; // a status region: screen readers hear it too
  render();
}

function cancelPick() {
  if (!picking) return;
  const tile = picking.tile;
  picking = null;
  $("pick-hint").hidden = true;
  render();
  const btn = $("hand").querySelector(`[data-tile="${tile}"]`);
  if (btn) btn.focus();
}

function playTile(tile, end) {
  picking = null;
  $("pick-hint").hidden = true;
  const fromBoard = document.activeElement && document.activeElement.closest && document.activeElement.closest("#board");
  const cmd = send("play", { tile, end: end ?? null });
  render();
  if (cmd && fromBoard) {
    // keyboard players continue from their hand
    const next = $("hand").querySelector(".hand-tile");
    if (next) next.focus();
  }
}

function onMainAction() {
  const kind = $("main-action").dataset.kind;
  if (kind === "start") send("start");
  else if (kind === "draw") send("draw");
  else if (kind === "pass") send("pass");
  else if (kind === "next_round") send("next_round");
  render();
}

async function confirmAction(text) {
  const dlg = $("confirm-dialog");
  $("confirm-text").textContent = text;
  dlg.returnValue = "";
  dlg.showModal();
  $("confirm-no").focus();
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "yes"), { once: true });
  });
}

function bindHand() {
  const hand = $("hand");
  hand.addEventListener("click", (ev) => {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const btn = ev.target.closest(".hand-tile");
    if (btn) chooseTile(btn.dataset.tile);
  });
  hand.addEventListener("keydown", (ev) => {
    const buttons = Array.from(hand.querySelectorAll(".hand-tile"));
    const index = buttons.indexOf(document.activeElement);
    const next = moveFocus(ev.key, index < 0 ? 0 : index, buttons.length);
    if (next !== null) {
      ev.preventDefault();
      buttons[next].focus();
    }
  });
  // Drag and drop with pointer events (mouse, pen and touch alike).
  hand.addEventListener("pointerdown", (ev) => {
    const btn = ev.target.closest(".hand-tile.lit");
    if (!btn || ev.button > 0) return;
    drag = { tile: btn.dataset.tile, x: ev.clientX, y: ev.clientY, ghost: null, started: false, pointer: ev.pointerId };
  });
  window.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.pointer) return;
    if (!drag.started) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 8) return;
      drag.started = true;
      const item = handModel(S.view).find((x) => x.tile === drag.tile);
      if (!item || !item.playable || !isMyTurn(S)) {
        drag = null;
        return;
      }
      picking = { tile: drag.tile, targets: item.targets };
      render();
      const ghost = document.createElement("div");
      ghost.className = "drag-ghost";
      ghost.innerHTML = uprightTileSvg(drag.tile);
      document.body.append(ghost);
      drag.ghost = ghost;
    }
    drag.ghost.style.left = `${ev.clientX}px`;
    drag.ghost.style.top = `${ev.clientY}px`;
    const over = document.elementFromPoint(ev.clientX, ev.clientY);
    for (const el of document.querySelectorAll(".target.hover")) el.classList.remove("hover");
    const target = over && over.closest && over.closest(".target");
    if (target) target.classList.add("hover");
  });
  window.addEventListener("pointerup", (ev) => {
    if (!drag || ev.pointerId !== drag.pointer) return;
    const d = drag;
    drag = null;
    if (!d.started) return;
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    if (d.ghost) d.ghost.remove();
    const over = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = over && over.closest && over.closest(".target");
    if (target) {
      playTile(d.tile, target.dataset.end);
      return;
    }
    const onBoard = over && over.closest && over.closest("#board-wrap");
    if (onBoard && picking && picking.targets.length === 1) {
      playTile(d.tile, picking.targets[0].end);
      return;
    }
    cancelPick();
  });
}
let drag = null;
let suppressClick = false;

function bindBoard() {
  const board = $("board");
  board.addEventListener("click", (ev) => {
    const target = ev.target.closest(".target");
    if (target && picking) playTile(picking.tile, target.dataset.end);
  });
  board.addEventListener("keydown", (ev) => {
    const target = ev.target.closest && ev.target.closest(".target");
    if (!target || !picking) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      playTile(picking.tile, target.dataset.end);
      return;
    }
    const all = Array.from(board.querySelectorAll(".target"));
    const next = moveFocus(ev.key, all.indexOf(target), all.length);
    if (next !== null) {
      ev.preventDefault();
      all[next].focus();
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && picking) cancelPick();
  });
  // Aids: how many tiles of a number are out, on hover or long press.
  const tip = $("aid-tip");
  const showAid = (half, x, y) => {
    if (!settings.aids || !S.view || !half) {
      tip.hidden = true;
      return;
    }
    const n = Number(half.dataset.n);
    const c = numberCount(S.view, n);
    tip.textContent = t("aid.count", { n, ...c });
    tip.hidden = false;
    const wrap = $("board-wrap").getBoundingClientRect();
    tip.style.left = `${Math.max(4, Math.min(x - wrap.left, wrap.width - 220))}px`;
    tip.style.top = `${Math.max(4, y - wrap.top - 48)}px`;
  };
  board.addEventListener("pointerover", (ev) => {
    if (ev.pointerType === "touch") return;
    const half = ev.target.closest && ev.target.closest(".tile .half");
    showAid(half, ev.clientX, ev.clientY);
  });
  board.addEventListener("pointerleave", () => {
    tip.hidden = true;
  });
  let press = null;
  board.addEventListener("pointerdown", (ev) => {
    const half = ev.target.closest && ev.target.closest(".tile .half");
    if (!half) return;
    clearTimeout(press);
    press = setTimeout(() => showAid(half, ev.clientX, ev.clientY), 450);
  });
  for (const type of ["pointerup", "pointercancel"]) {
    board.addEventListener(type, () => {
      clearTimeout(press);
      if (type === "pointercancel") tip.hidden = true;
    });
  }
}

function bindTableControls() {
  $("main-action").addEventListener("click", onMainAction);
  $("resign").addEventListener("click", async () => {
    $("more").open = false;
    if (await confirmAction(t("action.resignConfirm"))) send("resign");
  });
  $("annul").addEventListener("click", async () => {
    $("more").open = false;
    if (await confirmAction(t("action.annulConfirm"))) send("propose_annulment");
  });
  const claim = async () => {
    $("more").open = false;
    if (await confirmAction(t("action.claimConfirm"))) send("claim_absence");
  };
  $("claim").addEventListener("click", claim);
  $("claim-now").addEventListener("click", claim);
  $("annul-yes").addEventListener("click", () => send("vote_annulment", { agree: true }));
  $("annul-no").addEventListener("click", () => send("vote_annulment", { agree: false }));
  $("copy-link").addEventListener("click", async () => {
    const input = $("invite-url");
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand && document.execCommand("copy");
    }
    toast(t("table.copied"));
  });
  $("invite").addEventListener("toggle", () => {
    $("invite").dataset.touched = "1";
  });
  $("rematch").addEventListener("click", rematch);
}

/** A new table with the same rules and seats; bots where there were bots. */
async function rematch() {
  const table = S.table;
  if (!table) return;
  const rules = table.rules;
  const bots = table.seats.map((s) => (s.seat === S.seat ? null : s.bot || "nino"));
  try {
    const res = await createTable({
      preset: rules.preset, seats: rules.seats, goal: rules.goal, pace: table.pace,
      turn_seconds: table.turn_seconds, bots, partner: rules.teams ? "bot" : null,
      name: settings.name || t("home.namePlaceholder"), teams: Boolean(rules.teams),
    });
    store.saveSeat(res.table_id, res.seat, res.token);
    pendingAutoStart = res.table_id;
    go(`/t/${encodeURIComponent(res.table_id)}`);
  } catch (err) {
    toast(t("reject.http", { reason: err.message }));
  }
}

// ---------------------------------------------------------------- settings, rules, language

function applySettings() {
  document.body.classList.toggle("pips-black", settings.pips === "black");
  document.body.classList.toggle("pips-color", settings.pips !== "black");
  document.documentElement.lang = getLang();
  $("lang-select").value = getLang();
}

function relabel() {
  applyI18n(document);
  for (const sel of [$("preset"), $("rules-preset")]) {
    for (const o of sel.options) o.textContent = t(`preset.${o.value}`);
  }
  lastBoardSig = "";
  lastHandSig = "";
  if (!$("home").hidden) refreshHomeForm();
  render();
  if ($("rules-dialog").open) renderRules();
}

function renderRules() {
  const preset = $("rules-preset").value;
  $("rules-title").textContent = t("rules.title", { preset: t(`preset.${preset}`) });
  const page = `/rules/?preset=${preset}&lang=${getLang()}`;
  $("rules-body").innerHTML = `${rulesHtml(preset, getLang())}<p><a href="${page}" target="_blank" rel="noopener">${t("rules.page")}</a></p>`;
}

function openRules(preset) {
  $("rules-preset").value = preset || "classic";
  renderRules();
  $("rules-dialog").showModal();
}

function bindChrome() {
  $("lang-select").addEventListener("change", (ev) => {
    settings = store.saveSettings({ lang: setLang(ev.target.value) });
    applySettings();
    relabel();
  });
  $("open-settings").addEventListener("click", () => {
    $("set-aids").checked = settings.aids;
    $("set-sound").checked = settings.sound;
    for (const r of document.querySelectorAll('#settings-dialog input[name="pips"]')) r.checked = r.value === settings.pips;
    $("settings-dialog").showModal();
  });
  $("set-aids").addEventListener("change", (ev) => {
    settings = store.saveSettings({ aids: ev.target.checked });
    if (!settings.aids) $("aid-tip").hidden = true;
  });
  $("set-sound").addEventListener("change", (ev) => {
    settings = store.saveSettings({ sound: ev.target.checked });
  });
  for (const r of document.querySelectorAll('#settings-dialog input[name="pips"]')) {
    r.addEventListener("change", () => {
      settings = store.saveSettings({ pips: r.value });
      applySettings();
    });
  }
  $("open-rules").addEventListener("click", () => {
    const preset = (S.view && S.view.rules.preset) || (!$("home").hidden ? $("preset").value : null);
    openRules(preset);
  });
  $("home-rules").addEventListener("click", (ev) => {
    ev.preventDefault();
    openRules($("preset").value);
  });
  $("rules-preset").addEventListener("change", renderRules);
  $("brand").addEventListener("click", (ev) => {
    ev.preventDefault();
    go("/");
  });
  $("go-home").addEventListener("click", (ev) => {
    ev.preventDefault();
    go("/");
  });
  $("resume-link").addEventListener("click", (ev) => {
    ev.preventDefault();
    go($("resume-link").getAttribute("href"));
  });
  $("new-table").addEventListener("change", refreshHomeForm);
  $("new-table").addEventListener("submit", submitHome);
  $("join-form").addEventListener("submit", submitJoin);
  $("spectate-btn").addEventListener("click", () => openTable(S.tableId, { spectate: true }));
  window.addEventListener("popstate", route);
  window.addEventListener("resize", () => {
    if (!$("table").hidden) renderBoard(); // redraws only when the room changes
  });
}

function start() {
  applySettings();
  bindChrome();
  bindHand();
  bindBoard();
  bindTableControls();
  relabel();
  route();
  document.body.dataset.ready = "1";
}

start();

// For tests and the curious: the current state, read-only.
globalThis.dominoDebug = {
  state: () => S,
  drop: () => socket && socket.drop(),
  send: (type, fields) => send(type, fields),
  /** Handle `frame` as if the server had sent it (tests draw boards no deal would give). */
  frame: (frame) => onFrame(frame),
};
