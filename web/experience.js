/**
 * Experience points (RULES.md §10 Ranking) in words: the line a finished match
 * gives each seat, a player's own standing, and the rows of the ranking.
 * Pure: no DOM, no fetch, node-testable.
 */

import { getLang, isolate, t } from "./i18n.js";

/**
 * What a `ranking` event means for `seat` (null: a spectator), one sentence:
 * "+20 pontos de experiência", or why the match gave none. A spectator reads
 * every seat's points ("Ana +20, Bia +5"); `nameOf(seat)` names a seat.
 */
export function pointsLine(event, seat, nameOf = (s) => t("home.seatN", { n: s + 1 })) {
  if (!event) return "";
  if (event.reason) return t(`xp.none.${event.reason}`);
  const points = event.points || [];
  if (seat === null || seat === undefined) {
    const list = points
      .map((n, s) => (typeof n === "number" ? `${isolate(nameOf(s))} +${n}` : null))
      .filter(Boolean)
      .join(", ");
    return list ? t("xp.spectator", { list }) : "";
  }
  const mine = points[seat];
  return typeof mine === "number" ? t("xp.earned", { n: mine }) : t("xp.none.seat");
}

/** An ordinal number: "1º" in Portuguese, "1st" in English. */
export function ordinal(n) {
  if (getLang() !== "en") return `${n}º`;
  const tens = n % 100;
  const unit = n % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : unit === 1 ? "st" : unit === 2 ? "nd" : unit === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/** A place in words: "1º lugar" / "1st place". */
export function placeText(place) {
  return t("xp.place", { n: ordinal(place) });
}

/** "{n} pontos", singular for 1. */
export function pointsText(n) {
  return t(n === 1 ? "xp.points.one" : "xp.points", { n });
}

/**
 * The player's own standing from `GET /api/players/me`: one sentence, with the
 * place and the matches and wins once the player has points, else an invitation
 * to earn some.
 */
export function standingText(me) {
  if (!me || !me.points) return t("xp.meNone");
  const parts = [pointsText(me.points)];
  if (me.place) parts.push(placeText(me.place));
  parts.push(t(me.matches === 1 ? "xp.matches.one" : "xp.matches", { n: me.matches ?? 0 }));
  parts.push(t(me.wins === 1 ? "xp.wins.one" : "xp.wins", { n: me.wins ?? 0 }));
  return t("xp.me", { name: me.name || t("home.you"), standing: parts.join(" · ") });
}

/** The ranking's rows for display: [{place, name, points, you}] with the texts filled in. */
export function rankingRows(players) {
  return (players || []).map((p) => ({
    place: ordinal(p.place),
    name: p.name || "?",
    points: pointsText(p.points),
    you: Boolean(p.you),
  }));
}
