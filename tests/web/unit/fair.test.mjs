// web/fair.js: when the client sends its seed, and how a verification reads.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cleanSeed, randomSeed, seedToSend, verifyText } from "../../../web/fair.js";
import { setLang } from "../../../web/i18n.js";

const state = (fair, seat = 1) => ({ seat, table: { fair } });
const open = { round: 2, commitment: "ab".repeat(32), seeded: [], deal_at: 1000, server_seed: null };

test("a seat sends one random seed per committed round, spectators none", () => {
  const sent = new Set();
  const first = seedToSend(state(open), sent);
  assert.equal(first.round, 2);
  assert.match(first.seed, /^[0-9a-f]{32}$/);
  assert.notEqual(seedToSend(state(open), sent).seed, first.seed);
  sent.add(2);
  assert.equal(seedToSend(state(open), sent), null);
  assert.equal(seedToSend(state(open, null), new Set()), null);
  assert.equal(seedToSend(state({ ...open, seeded: [1] }), new Set()), null);
  assert.equal(seedToSend(state({ ...open, deal_at: null }), new Set()), null);
  assert.equal(seedToSend({ seat: 0, table: { fair: null } }, new Set()), null);
});

test("a typed seed is used as the player wrote it, cleaned of control characters", () => {
  assert.deepEqual(seedToSend(state(open), new Set(), "  meu número 7\n"), { round: 2, seed: "meu número 7" });
  assert.equal(cleanSeed("x".repeat(80)).length, 64);
  assert.equal(cleanSeed("\u0007"), "");
  assert.match(seedToSend(state(open), new Set(), "\n").seed, /^[0-9a-f]{32}$/);
  assert.equal(randomSeed().length, 32);
});

test("verification results read in both languages", () => {
  setLang("en");
  assert.match(verifyText({ ok: true, rounds: 3 }).headline, /all 3 rounds/);
  const bad = verifyText({ ok: false, round: 2, code: "hand", seat: 0 });
  assert.equal(bad.headline, "Round 2 does NOT check out!");
  assert.match(bad.detail, /^Player 1's hand/);
  setLang("pt-BR");
  assert.match(verifyText({ ok: true, rounds: 1 }).headline, /a rodada foi dada/);
  assert.match(verifyText({ ok: false, round: 0, code: "format" }).headline, /não pode ser conferido/);
});
