/**
 * Quick reactions: the fixed set a player may show the table ("Boa!", "Bom jogo!"...),
 * worded in each reader's language, and which one each seat shows for a few seconds.
 * No free text travels: only the reaction's name.
 */

import { t } from "./i18n.js";

/** [name, emoji], in the order the menu offers them. */
export const REACTIONS = [
  ["nice", "👏"],
  ["good_game", "🤝"],
  ["oops", "😅"],
  ["thinking", "🤔"],
  ["thanks", "🙏"],
  ["wow", "😮"],
];
const EMOJI = Object.fromEntries(REACTIONS);

/** How long a reaction shows by its seat, in ms. */
export const SHOW_MS = 4000;

/** "👏 Boa!" */
export function reactionText(name) {
  return `${EMOJI[name] || ""} ${t(`reaction.${name}`)}`.trim();
}

const shown = new Map(); // seat → {name, until}

/** Seat `seat` showed `name` at `now` (ms). */
export function noteReaction(seat, name, now) {
  shown.set(seat, { name, until: now + SHOW_MS });
}

/** The reaction seat `seat` shows at `now`, or null. */
export function reactionOf(seat, now) {
  const r = shown.get(seat);
  return r && r.until > now ? r.name : null;
}

/** Another table: nobody shows anything. */
export function forgetReactions() {
  shown.clear();
}
