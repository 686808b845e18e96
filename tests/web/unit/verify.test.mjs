// web/verify.js against the known answers shared with the Python tests, and a whole
// domino-record/2 match (tests/data/fair-record.json) intact and tampered with.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  ALGORITHM, commitmentOf, context, dealKnobs, fairDeal, fromHex, makeStream, toHex, verifyRecord,
} from "../../../web/verify.js";

const DATA = new URL("../../data/", import.meta.url);
const VECTORS = JSON.parse(readFileSync(new URL("fairdeal-vectors.json", DATA), "utf8"));
const RECORD = JSON.parse(readFileSync(new URL("fair-record.json", DATA), "utf8"));
const copy = (x) => JSON.parse(JSON.stringify(x));

test("the vectors are of this algorithm", () => {
  assert.equal(VECTORS.algorithm, ALGORITHM);
  assert.ok(VECTORS.vectors.length >= 5);
});

for (const v of VECTORS.vectors) {
  test(`known answer: ${v.name}`, async () => {
    const seed = fromHex(v.server_seed);
    assert.equal(await commitmentOf(seed), v.commitment);
    const ctx = context(v.table, v.round, v.client_seeds);
    assert.equal(toHex(ctx), v.context);
    const stream = await makeStream(seed, ctx);
    const first = [];
    for (let i = 0; i < 64; i++) first.push(await stream.next());
    assert.equal(toHex(first), v.stream_first_64);
    const made = await fairDeal(dealKnobs(v.rules), seed, v.table, v.round, v.client_seeds);
    assert.deepEqual(made.order, v.order);
    assert.deepEqual(made.hands, v.hands);
    assert.deepEqual(made.boneyard, v.boneyard);
    assert.equal(made.redeals, v.redeals);
  });
}

test("a whole fair record verifies", async () => {
  assert.deepEqual(await verifyRecord(RECORD), { ok: true, rounds: 3 });
});

test("a record that says how its match ended (domino-record/3) verifies as /2 does", async () => {
  const ended = { ...copy(RECORD), format: "domino-record/3", end: { reason: "resign", seat: 1 } };
  assert.deepEqual(await verifyRecord(ended), { ok: true, rounds: RECORD.rounds.length });
  assert.equal((await verifyRecord({ ...ended, format: "domino-record/4" })).code, "format");
});

test("tiles written either way round are the same tile", async () => {
  const rec = copy(RECORD);
  rec.rounds[1].hands[2] = rec.rounds[1].hands[2].map((t) => `${t[2]}-${t[0]}`);
  assert.equal((await verifyRecord(rec)).ok, true);
});

const tampers = {
  "server seed": (r) => { r.fair.server_seed = (r.fair.server_seed[0] === "0" ? "1" : "0") + r.fair.server_seed.slice(1); },
  commitment: (r) => { r.fair.commitment = "00".repeat(32); },
  hand: (r) => { [r.hands[0][0], r.hands[3][4]] = [r.hands[3][4], r.hands[0][0]]; },
  boneyard: (r) => { r.boneyard.push(r.boneyard.shift()); },
  "client seed": (r) => { r.fair.client_seeds = [{ seat: 1, seed: "round three!" }]; },
  "missing client seed": (r) => { r.fair.client_seeds = []; },
  redeals: (r) => { r.fair.redeals = 1; },
};
const expected = {
  "server seed": ["commitment"], commitment: ["commitment"], hand: ["hand", 0],
  boneyard: ["boneyard"], "client seed": ["hand", 0], "missing client seed": ["hand", 0],
  redeals: ["redeals"],
};

for (const [name, tamper] of Object.entries(tampers)) {
  test(`tampering with the ${name} of round 3 fails naming round 3`, async () => {
    const rec = copy(RECORD);
    tamper(rec.rounds[2]);
    const out = await verifyRecord(rec);
    assert.equal(out.ok, false);
    assert.equal(out.round, 3);
    assert.equal(out.code, expected[name][0]);
    if (expected[name].length > 1) assert.equal(out.seat, expected[name][1]);
    assert.match(out.message, /^round 3: /);
  });
}

test("an old record, an unrevealed seed and a round without proof are refused", async () => {
  assert.equal((await verifyRecord({ ...copy(RECORD), format: "domino-record/1" })).code, "format");
  const hidden = copy(RECORD);
  hidden.rounds[1].fair.server_seed = null;
  assert.deepEqual([(await verifyRecord(hidden)).round, (await verifyRecord(hidden)).code], [2, "not_revealed"]);
  const none = copy(RECORD);
  delete none.rounds[0].fair;
  assert.deepEqual([(await verifyRecord(none)).round, (await verifyRecord(none)).code], [1, "no_proof"]);
});

test("a seed or commitment written in capitals is refused as domino verify refuses it", async () => {
  for (const key of ["server_seed", "commitment"]) {
    const caps = copy(RECORD);
    caps.rounds[0].fair[key] = caps.rounds[0].fair[key].toUpperCase();
    const got = await verifyRecord(caps);
    assert.deepEqual([got.ok, got.round, got.code], [false, 1, "bad_proof"], key);
  }
});
