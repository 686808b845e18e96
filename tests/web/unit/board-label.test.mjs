// The board's screen-reader label counts its tiles in words that agree with the number:
// "1 pedra" / "1 tile", "2 pedras" / "2 tiles" (a key's ".one" form, web/i18n.js `t`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { LANGS, MESSAGES, setLang, t } from "../../../web/i18n.js";

test("the board's label says 1 tile in the singular, in each language", () => {
  try {
    setLang("pt-BR");
    assert.equal(t("table.boardLabel", { n: 1, ends: "6 e 6" }), "Linha de jogo com 1 pedra. Pontas: 6 e 6.");
    assert.equal(t("table.boardLabel", { n: 2, ends: "6 e 3" }), "Linha de jogo com 2 pedras. Pontas: 6 e 3.");
    setLang("en");
    assert.equal(t("table.boardLabel", { n: 1, ends: "6 and 6" }), "Line of play with 1 tile. Open ends: 6 and 6.");
    assert.equal(t("table.boardLabel", { n: 12, ends: "4 and 1" }), "Line of play with 12 tiles. Open ends: 4 and 1.");
  } finally {
    setLang("pt-BR");
  }
});

test("every language has the board label's singular, and it is singular", () => {
  for (const lang of LANGS) {
    const one = MESSAGES[lang]["table.boardLabel.one"];
    assert.ok(one, `${lang} has table.boardLabel.one`);
    assert.doesNotMatch(one, /\b(pedras|tiles)\b/, `${lang}: ${one}`);
    assert.match(one, /\{ends\}/);
  }
});
