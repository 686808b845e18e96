/**
 * The seats around the felt, pure: where each seat sits as the viewer looks at the
 * table, what each one did last this round, the turn timer's share left, and the
 * names players tell apart. No DOM; node-tested (tests/web/unit/seats.test.mjs).
 */

import { LANGS, MESSAGES, t } from "./i18n.js";

/**
 * Marks that messaging apps add, unseen, around text one copies (direction marks and
 * isolates, zero-width space, byte order mark), mixed with spaces at either end of a name.
 * The server trims the same characters (api/fields.py) and refuses them inside a name.
 */
const PASTED_EDGES = /^[\s\u200e\u200f\u061c\u2066-\u2069\u200b\ufeff]+|[\s\u200e\u200f\u061c\u2066-\u2069\u200b\ufeff]+$/gu;

/** A name as typed or pasted, without spaces and invisible marks at its ends. */
export function typedName(text) {
  return String(text).replace(PASTED_EDGES, "");
}

/** The default player name in every language ("Jogador", "Player"): shown in the reader's. */
const DEFAULT_NAMES = new Set(LANGS.map((lang) => MESSAGES[lang]["home.namePlaceholder"]));

/**
 * Where `seat` sits for a viewer at `viewer` (a spectator looks from seat 0) at a
 * table of `n` seats: "bottom" (the viewer), then in turn order "right", "top",
 * "left" at 4 (the partner opposite, with teams); "right", "left" at 3; "top" at 2.
 * Play goes to the right (counter-clockwise), as at a real table.
 */
export function seatPlace(n, viewer, seat) {
  const from = viewer === null || viewer === undefined ? 0 : viewer;
  const r = (((seat - from) % n) + n) % n;
  if (r === 0) return "bottom";
  if (n === 2) return "top";
  if (n === 3) return r === 1 ? "right" : "left";
  return ["bottom", "right", "top", "left"][r];
}

/**
 * What each seat did last in this round's public log: `{seat: entry}` with the
 * seat's last play, draw or pass (a draw right after another of the same seat adds
 * up: "comprou 3"). Kept until that seat acts again, so an automatic draw or pass
 * stays shown where it happened.
 */
export function lastActions(view) {
  const out = {};
  for (const e of (view && view.log) || []) {
    if (!["play", "draw", "pass"].includes(e.type) || typeof e.seat !== "number") continue;
    const before = out[e.seat];
    if (e.type === "draw" && before && before.type === "draw" && before.open) {
      out[e.seat] = { ...before, count: before.count + (e.count ?? 1) };
    } else {
      out[e.seat] = { type: e.type, tile: e.tile, end: e.end, points: e.points, count: e.count ?? 1, open: true };
    }
    // any other seat's move closes the run of draws of the others
    for (const k of Object.keys(out)) if (Number(k) !== e.seat) out[k].open = false;
  }
  return out;
}

/** A seat's last move in a few words: "jogou 6-4", "comprou 3", "passou". */
export function actionText(action) {
  if (!action) return "";
  if (action.type === "play") return t("seat.played", { tile: action.tile });
  if (action.type === "draw") return t("seat.drew", { n: action.count });
  return t("seat.passed");
}

/** The same in a few characters, for a phone's one-line seat: "6-4", "+3", "passou". */
export function actionShort(action) {
  if (!action) return "";
  if (action.type === "play") return action.tile;
  if (action.type === "draw") return `+${action.count}`;
  return t("seat.passed");
}

/**
 * The turn timer as a share of the turn (1 = all of it left, 0 = none), or null
 * without a timer. `seconds` is the table's `turn_seconds`, `left` what is left.
 */
export function timerShare(seconds, left) {
  if (!seconds || left === null || left === undefined) return null;
  return Math.max(0, Math.min(1, left / seconds));
}

/** The turn timer warns in the last this many seconds. */
export const WARN_SECONDS = 10;

/**
 * The names of each bot level's family, by seat (`botName`): seat 1's is the level's own
 * name, seat 2's and seat 3's the next ones, so a player tells "Nino", "Nina" and "Nico"
 * apart.
 */
const BOT_FAMILIES = {
  nino: ["Nino", "Nina", "Nico"],
  rabisco: ["Rabisco", "Rabisca", "Risco"],
  voquelonia: ["Vó Quelônia", "Vô Quelônio", "Tia Quelé"],
};

/**
 * The name of the bot of level `level` at seat `seat`, or "" for an unknown level. It
 * hangs on the seat alone, never on who sits elsewhere: a friend taking another bot's
 * seat mid-match, or a bot's seat staying alone of its level, renames nobody (numbering
 * the bots in order did: Nico became "Nina" once Nina's seat was a friend's), and two
 * bots of one level never share a name. Seat 0 is the creator's, a person's: seat 1
 * gets the level's own name, the seat a bot holds at a table of two.
 */
export function botName(level, seat) {
  const family = BOT_FAMILIES[level];
  if (!family) return "";
  const k = (((seat - 1) % family.length) + family.length) % family.length;
  return k === 0 ? t(`bot.${level}`) : family[k];
}

/**
 * A person's name as the reader sees it: the default one ("Jogador", "Player": whoever did
 * not type a name) in the reader's language, any other as it was typed.
 */
export function personName(name) {
  return DEFAULT_NAMES.has(name) ? t("home.namePlaceholder") : name;
}

/**
 * A name per seat of `seats` (a table summary's seats): a person's own name, a bot's
 * from its seat (`botName`), "Cadeira n" for an empty seat. A person whose name another
 * seat also goes by gets the seat number after it ("Bia 1", "Bia 2"); a bot's name
 * never changes for that, so it stays the same all match.
 */
export function seatNames(seats) {
  // a seat a bot plays (or keeps for a friend) goes by its bot's name, whatever the table calls it
  const robot = (s) => s.kind !== "human" && Boolean(botName(s.bot, s.seat));
  const names = seats.map((s) => (robot(s) ? botName(s.bot, s.seat) : personName(s.name) || (s.bot ? t(`bot.${s.bot}`) : "")));
  return names.map((name, i) => {
    if (!name) return t("home.seatN", { n: seats[i].seat + 1 });
    // a bot is told apart from bots only (a seat 0 bot, which no table makes, shares seat 3's)
    const others = robot(seats[i]) ? names.filter((x, j) => x === name && robot(seats[j])) : names.filter((x) => x === name);
    return others.length > 1 ? `${name} ${seats[i].seat + 1}` : name;
  });
}
