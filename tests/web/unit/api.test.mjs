// What the player reads when the server refuses a call: typed errors in words, not JSON.
import assert from "node:assert/strict";
import { test } from "node:test";
import { detailText, refusalReason } from "../../../web/api.js";
import { setLang } from "../../../web/i18n.js";

const refused = (detail, status = 422) => {
  const err = new Error(detailText(detail, status));
  err.status = status;
  err.detail = detail;
  return err;
};

test("a typed error reads as its messages, after the field each is about", () => {
  const detail = [
    { loc: ["body", "seats"], msg: "Input should be a valid integer", type: "int_type" },
    { loc: ["body"], msg: "the body is not UTF-8 text", type: "json_invalid" },
  ];
  assert.equal(detailText(detail, 422), "seats: Input should be a valid integer; the body is not UTF-8 text");
  assert.equal(detailText("no such table", 404), "no such table");
  assert.equal(detailText(null, 502), "HTTP 502");
  assert.equal(detailText({ odd: 1 }, 400), '{"odd":1}');
});

test("a refused name says why in the player's language", () => {
  const name = (type) => refused([{ loc: ["body", "name"], msg: "server words", type }]);
  setLang("pt-BR");
  assert.match(refusalReason(name("name_blank")), /ao menos uma letra/);
  assert.match(refusalReason(name("name_bidi_control")), /ao contrário/);
  assert.match(refusalReason(name("name_invisible_character")), /invisíveis/);
  assert.match(refusalReason(name("string_too_long")), /até 24 caracteres/);
  assert.match(refusalReason(name("value_error")), /caracteres de controle/);
  for (const type of ["string_too_long", "value_error", "name_bidi_control", "name_invisible_character"]) {
    assert.doesNotMatch(refusalReason(name(type)), /U\+|40|emoji/, type); // plain words, the form's limit
  }
  setLang("en");
  assert.match(refusalReason(name("name_blank")), /at least one letter/);
  assert.match(refusalReason(name("name_bidi_control")), /turn the text around/);
  assert.match(refusalReason(name("name_invisible_character")), /copying from another app/);
  assert.match(refusalReason(name("string_too_long")), /up to 24 characters/);
  assert.match(refusalReason(name("value_error")), /control characters/);
  assert.match(refusalReason(refused([{ loc: ["body"], msg: "x", type: "body_too_large" }], 413)), /too large/);
  // anything else: the server's own words
  assert.equal(refusalReason(refused("bad_command: seat 3 is not at this table", 422)), "bad_command: seat 3 is not at this table");
  setLang("pt-BR");
});
