// The caribbean rules page against docs/RULES.md (§4, §6 and the presets table §9): the
// player draws by hand, but a forced pass is the server's, never a click; a blocked round
// with teams pays all four hands.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rulesHtml } from "../../../web/rules/text.js";

/** The page as plain text on one line. */
const text = (lang) => rulesHtml("caribbean", lang).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

test("caribbean: drawing is by click, a pass is not", () => {
  const pt = text("pt-BR");
  assert.doesNotMatch(pt, /clica\w* para comprar ou passar/);
  assert.doesNotMatch(pt, /clica\w*[^.]* passar/);
  assert.match(pt, /toque ou clique no monte/);
  assert.match(pt, /o passe não pede nada/i);
  const en = text("en");
  assert.doesNotMatch(en, /click\w*[^.]* (to )?(draw or )?pass\b/);
  assert.match(en, /tap or click on the boneyard/);
  assert.match(en, /Passing takes nothing/);
});

test("caribbean: a blocked round with teams pays all four hands", () => {
  assert.match(text("pt-BR"), /Trancou:[^<]*em duplas, a das quatro mãos/);
  assert.match(text("en"), /Blocked:[^<]*with teams, the pips of all four hands/);
});
