/**
 * The notice of what the computer played for us (#auto-bar): the moves it made once our
 * turn timer ran out, or, back after being away, what its bot did for our seat meanwhile
 * (happenings.js followAway). Owns what it has seen; table.js feeds it the table's frames.
 */

import { awayWords, followAway, moveWords, playedForUs } from "./happenings.js";
import { t } from "./i18n.js";
import { $ } from "./page.js";
import { isMyTurn } from "./state.js";
import { serverNow } from "./server-clock.js";

/** The moves (events) the computer made for us since our timer ran out: the notice words them, in the language of the moment. */
let playedForMe = [];
/** Our seat while its bot played it (we were away), and what it did once we came back. */
let away = null;
let awayDone = null;

/** Show the notice as it stands, in the language of the moment (or hide it). */
export function showPlayedForMe() {
  $("auto-bar").hidden = playedForMe.length === 0 && !awayDone;
  if (!playedForMe.length && !awayDone) return;
  const text = awayDone ? awayWords(awayDone) : t("auto.played", { moves: playedForMe.map(moveWords).join(", ") });
  if ($("auto-text").textContent !== text) $("auto-text").textContent = text;
}

/** Take the notice away (its button, or our own next move). */
export function dismissPlayedForMe() {
  playedForMe = [];
  awayDone = null;
  showPlayedForMe();
}

/** Another table on screen: nothing seen yet. */
export function forgetPlayedForMe() {
  away = null;
  dismissPlayedForMe();
}

/**
 * The table's summary (`welcome`, `snapshot`, `table`), our seat `seat`: a page opened while
 * our seat's bot plays it for us (back after a reload, or on another device) has seen
 * none of its moves, so it takes the server's count (the seat's `away`) to follow on from;
 * or, where this socket's coming gave us the seat back at once, the `welcome`'s `ended`.
 */
export function noteAwayFromTable(table, seat, ended) {
  if (ended && ended.moves > 0) {
    away = null;
    awayDone = { moves: ended.moves, from: ended.since_round, to: ended.until_round };
    return;
  }
  if (away || seat === null || !table || !Array.isArray(table.seats)) return;
  const spell = table.seats[seat] && table.seats[seat].away;
  if (spell) away = { moves: spell.moves, from: spell.since_round };
}

/** One table event, `before` the state before it and `now` after. */
export function notePlayedForMe(before, now, event) {
  if (playedForUs(before, event, serverNow()) || (playedForMe.length && event.seat === now.seat && isMyTurn(before))) {
    playedForMe.push(event);
  }
  const followed = followAway(away, event, now.seat, now.view && now.view.round);
  away = followed.away;
  if (followed.back && followed.back.moves !== 0) awayDone = followed.back;
}

