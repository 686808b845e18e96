/** The table's other buttons: resign, annulment, claiming a win, the invite link, rematch; the confirm dialog. */

import { toast } from "./announce.js";
import { createTable, getTable, offerRematch, refusalReason } from "./api.js";
import { seatLink } from "./device-link.js";
import { getLang, t } from "./i18n.js";
import { bindMoreMenu } from "./more-menu.js";
import { onMainAction } from "./moves.js";
import { $ } from "./page.js";
import { go } from "./nav.js";
import { settings, store } from "./settings.js";
import { rematchSeats, withFriends } from "./sides.js";
import { renderHistory } from "./render.js";
import { renderScoreSheet } from "./score-view.js";
import { isMyTurn, moveInFlight } from "./state.js";
import { redraw, S, send, socket, startOnOpen } from "./table.js";

/** Ask `text` in the confirm dialog: true for yes. Once it closes the keyboard goes back to
 * `back` (the button that asked, or the "Mais opções" menu's own button when the one that
 * asked sits in the menu, closed by then). */
async function confirmAction(text, back = $("more").querySelector("summary")) {
  const dlg = $("confirm-dialog");
  $("confirm-text").textContent = text;
  dlg.returnValue = "";
  dlg.showModal();
  $("confirm-no").focus();
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => {
      if (back && !back.closest("[hidden]")) back.focus();
      resolve(dlg.returnValue === "yes");
    }, { once: true });
  });
}

/** Copy the text of `input` (selected, for a browser that will not let us copy) and say `done`. */
async function copyFrom(input, done) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand && document.execCommand("copy");
  }
  toast(done);
}

export function bindTableControls() {
  $("main-action").addEventListener("click", onMainAction);
  bindMoreMenu();
  $("peek-btn").addEventListener("click", () => {
    $("board-wrap").classList.toggle("peek");
    redraw();
  });
  $("play-here").addEventListener("click", () => socket && socket.connect()); // take the seat back
  $("boneyard-pile").addEventListener("click", () => {
    if (!isMyTurn(S) || moveInFlight(S)) return; // one draw at a time, on our turn
    send("draw");
    redraw();
  });
  $("resign").addEventListener("click", async () => {
    $("more").open = false;
    const teams = Boolean(S.view && S.view.rules.teams);
    if (await confirmAction(t(teams ? "action.resignConfirm.teams" : "action.resignConfirm"))) send("resign");
  });
  $("annul").addEventListener("click", async () => {
    $("more").open = false;
    if (await confirmAction(t("action.annulConfirm"))) send("propose_annulment");
  });
  const claim = async (ev) => {
    $("more").open = false;
    const back = ev.currentTarget.id === "claim-now" ? ev.currentTarget : undefined;
    if (await confirmAction(t("action.claimConfirm"), back)) send("claim_absence");
  };
  $("claim").addEventListener("click", claim);
  $("claim-now").addEventListener("click", claim);
  $("annul-yes").addEventListener("click", () => send("vote_annulment", { agree: true }));
  $("annul-no").addEventListener("click", () => send("vote_annulment", { agree: false }));
  $("copy-link").addEventListener("click", () => copyFrom($("invite-url"), t("table.copied")));
  // our seat on another device: a link that holds it (device-link.js)
  $("device-btn").addEventListener("click", () => {
    const held = store.seatAt(S.tableId);
    if (!held) return;
    $("more").open = false;
    $("device-url").value = seatLink(location.origin, S.tableId, held.seat, held.token, getLang(), store.playerToken());
    $("device-dialog").showModal();
    $("device-url").select();
  });
  $("device-copy").addEventListener("click", () => copyFrom($("device-url"), t("device.copied")));
  $("device-dialog").addEventListener("close", () => $("more").querySelector("summary").focus());
  $("history-dialog").addEventListener("close", () => $("more").querySelector("summary").focus());
  // the score sheet, from the info line, the "more" menu or the match-over panel
  let scoreFrom = null;
  const openScore = (from) => {
    $("more").open = false;
    scoreFrom = from;
    renderScoreSheet(S);
    $("score-dialog").showModal();
  };
  $("score-more").addEventListener("click", () => openScore($("more").querySelector("summary")));
  $("match-score-btn").addEventListener("click", () => openScore($("match-score-btn")));
  $("seats-bar").addEventListener("click", (ev) => {
    if (ev.target.closest(".score-open")) openScore(null);
  });
  // focus goes back where the sheet was opened from (the score button is drawn anew often)
  $("score-dialog").addEventListener("close", () => (scoreFrom || $("seats-bar").querySelector(".score-open") || document.body).focus());
  $("history-btn").addEventListener("click", () => {
    $("more").open = false;
    renderHistory(S, true);
    $("history-dialog").showModal();
  });
  $("reactions").addEventListener("click", (ev) => {
    const button = ev.target.closest("[data-react]");
    if (!button) return;
    $("more").open = false;
    $("more").querySelector("summary").focus(); // the button pressed is hidden with the menu
    send("react", { reaction: button.dataset.react });
    // the server takes one every 1.5 s: the buttons rest meanwhile instead of being refused
    const buttons = $("reactions").querySelectorAll("button");
    for (const b of buttons) b.disabled = true;
    setTimeout(() => {
      for (const b of buttons) b.disabled = false;
    }, REACTION_PAUSE_MS);
  });
  $("share-link").addEventListener("click", async () => {
    try {
      await navigator.share({ title: t("app.title"), text: t("table.inviteText"), url: $("invite-url").value });
    } catch {
      // closed without sending, or not allowed here: the link is still there to copy
    }
  });
  $("invite").addEventListener("toggle", () => {
    $("invite").dataset.touched = "1";
  });
  $("rematch").addEventListener("click", rematch);
}

/** How long the reaction buttons rest after one is sent (the server's spacing, 1.5 s). */
const REACTION_PAUSE_MS = 1500;

/**
 * A new table with the same rules and seats; bots where there were bots, each where it sat
 * counted from us (we take seat 0 of the new table: the seat after ours is seat 1...).
 * Alone with bots it starts at once; with friends it waits, its invite link open to share
 * again (the seats friends held are kept free for them; the partner seat too, at 4 with
 * teams), and the finished table is told of it, so the friends' pages offer to go there.
 * Once a friend opened one, this button goes to theirs instead of making another.
 */
async function rematch() {
  // one new table a press: the button waits for the answers (a double press made two)
  const button = $("rematch");
  if (button.disabled) return;
  button.disabled = true;
  try {
    await playAgain();
  } finally {
    button.disabled = false;
  }
}

async function playAgain() {
  const table = S.table;
  if (!table || S.seat === null) return;
  if (table.rematch && table.rematch.table) {
    go(`/t/${encodeURIComponent(table.rematch.table)}`); // (its invitation, or our seat there)
    return;
  }
  const rules = table.rules;
  const friends = withFriends(S);
  if (friends) {
    // a friend's offer may be on its way to us: asked first, so that two friends pressing
    // together leave no empty table behind (the race left is the one of a request's time)
    const now = await getTable(S.tableId).catch(() => null);
    if (now && now.rematch && now.rematch.table) {
      go(`/t/${encodeURIComponent(now.rematch.table)}`);
      return;
    }
  }
  const { bots, partner } = rematchSeats(table.seats, S.seat, Boolean(rules.teams));
  const held = store.seatAt(S.tableId);
  const old = S.tableId;
  try {
    const res = await createTable({
      preset: rules.preset, seats: rules.seats, goal: rules.goal, pace: table.pace,
      turn_seconds: table.turn_seconds, bots,
      partner: rules.teams ? (friends && partner && partner.kind === "human" ? "friend" : "bot") : null,
      name: settings.name || t("home.namePlaceholder"), teams: Boolean(rules.teams),
    }, store.playerToken());
    store.savePlayerToken(res.player_token);
    store.saveSeat(res.table_id, res.seat, res.token);
    if (friends && held) {
      // the friends still at the finished table are told where to go on. Refused: a
      // friend's offer came first (the first stands), so we go to theirs; failed
      // otherwise: ours has its link to share, as before
      const offered = await offerRematch(old, held.token, res.table_id).then(() => true, (err) => err);
      const now = offered === true ? null : await getTable(old).catch(() => null);
      if (now && now.rematch && now.rematch.table !== res.table_id) {
        store.forgetSeat(res.table_id); // ours stays empty: not one of "my tables"
        go(`/t/${encodeURIComponent(now.rematch.table)}`);
        return;
      }
    }
    if (!friends) startOnOpen(res.table_id);
    delete $("invite").dataset.touched; // the new link shows itself
    go(`/t/${encodeURIComponent(res.table_id)}`);
  } catch (err) {
    toast(t("reject.http", { reason: refusalReason(err) }));
  }
}
