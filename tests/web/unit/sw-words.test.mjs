// A Web Push reminder says the last move as the page does: the computer's when it made the
// move for a person (the payload's `last.by`: "away", "timeout"; "held", in a friend's seat
// before they came), the seat's own otherwise. The service worker (web/sw.js, a classic
// script) runs here in a context of its own with the words the page gives it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";
import { setLang } from "../../../web/i18n.js";
import { pushWords } from "../../../web/push.js";

const SW = readFileSync(new URL("../../../web/sw.js", import.meta.url), "utf8");

/** The notification body the worker shows for `payload`, with `words` kept. */
async function bodyOf(payload, words) {
  const listeners = {};
  const shown = [];
  const self = {
    location: { origin: "https://example.test" },
    addEventListener: (type, fn) => { listeners[type] = fn; },
    registration: { showNotification: async (title, opts) => { shown.push({ title, ...opts }); } },
    clients: {},
  };
  const caches = { open: async () => ({ match: async () => new Response(JSON.stringify(words)) }) };
  vm.runInNewContext(SW, { self, caches, Response, URL, JSON, String, console });
  let done;
  listeners.push({ data: { json: () => payload }, waitUntil: (p) => { done = p; } });
  await done;
  assert.equal(shown.length, 1);
  return shown[0].body;
}

const turn = (last) => ({ kind: "your_turn", table: "t1", seat: 0, turn: 0, turn_name: "Ana", last, url: "/t/t1" });

test("a reminder says a move by who made it, in both languages", async () => {
  setLang("pt-BR");
  const pt = pushWords();
  const play = { type: "play", seat: 1, tile: "5-5", name: "Bia" };
  assert.equal(await bodyOf(turn(play), pt), "Bia jogou 5-5. Agora é com você.");
  assert.equal(await bodyOf(turn({ ...play, by: "held" }), pt), "O computador jogou 5-5 no lugar de Bia. Agora é com você.");
  assert.equal(await bodyOf(turn({ ...play, by: "away" }), pt), "O computador jogou 5-5 por Bia. Agora é com você.");
  assert.equal(await bodyOf(turn({ type: "pass", seat: 1, name: "Bia", by: "timeout" }), pt), "O computador passou por Bia. Agora é com você.");
  setLang("en");
  const en = pushWords();
  assert.equal(await bodyOf(turn({ ...play, by: "held" }), en), "The computer played 5-5 in Bia's seat. Over to you.");
  assert.equal(await bodyOf(turn({ type: "draw", seat: 1, name: "Bia", by: "away" }), en), "The computer drew for Bia. Over to you.");
  setLang("pt-BR");
});

test("words kept before the computer's existed still say the move", async () => {
  setLang("pt-BR");
  const { moveFor, moveHeld, ...old } = pushWords();
  assert.ok(moveFor && moveHeld);
  const held = { type: "play", seat: 1, tile: "5-5", name: "Bia", by: "held" };
  assert.equal(await bodyOf(turn(held), old), "Bia jogou 5-5. Agora é com você.");
});
