/**
 * The home screen's experience block (`#experience`): the player's own points
 * and place (only with a player token and an answer from the server), and the
 * top-10 ranking, or a line saying nobody has points yet.
 */

import { getRanking, myStats } from "./api.js";
import { rankingRows, standingText } from "./experience.js";
import { t } from "./i18n.js";
import { $, escapeHtml } from "./page.js";
import { store } from "./settings.js";

/**
 * What the server answered last: {me: stats|null, players: list|null|undefined}
 * (players null: no answer; undefined: not asked yet).
 */
let known = { me: null, players: undefined };
/** Bumped per fetch, so that a slow answer never overwrites a newer one. */
let asked = 0;

/** Ask the server for the player's points and the ranking, then draw the block. */
export async function showExperience() {
  const ticket = (asked += 1);
  const token = store.playerToken();
  const [me, ranking] = await Promise.all([
    token ? myStats(token).catch(() => null) : Promise.resolve(null),
    getRanking(10, token).catch(() => null),
  ]);
  if (ticket !== asked) return;
  known = { me, players: ranking ? ranking.players : null };
  renderExperience();
}

/** Draw the block from what the server answered last (again after a language change). */
export function renderExperience() {
  const mine = $("xp-me");
  mine.hidden = !known.me;
  mine.textContent = known.me ? standingText(known.me) : "";
  const list = $("xp-ranking");
  const rows = rankingRows(known.players);
  list.hidden = rows.length === 0;
  list.innerHTML = rows
    .map(
      (r) =>
        `<li${r.you ? ' class="me" aria-current="true"' : ""}>` +
        `<span class="rank-place">${escapeHtml(r.place)}</span>` +
        `<span class="rank-name"><bdi>${escapeHtml(r.name)}</bdi>${r.you ? ` (${escapeHtml(t("xp.you"))})` : ""}</span>` +
        `<span class="rank-points">${escapeHtml(r.points)}</span></li>`,
    )
    .join("");
  const empty = $("xp-empty");
  empty.hidden = rows.length > 0 || known.players === undefined;
  empty.textContent = known.players === null ? t("xp.unavailable") : t("xp.empty");
}
