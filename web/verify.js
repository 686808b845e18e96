// Provably fair deals, checked in the browser: the hmac-sha256-fy/1 shuffle of
// docs/RECORD.md ("Fair deals"), written from that text alone, with WebCrypto.
//
//   const result = await verifyRecord(record);   // a domino-record/2 object
//   result.ok ? result.rounds : [result.round, result.code, result.message]
//
// Pure apart from crypto.subtle (browsers, and Node 20+ as globalThis.crypto).

export const ALGORITHM = "hmac-sha256-fy/1";
const N_TILES = 28;

// Hand size and redeal_doubles of each preset at 2, 3 and 4 seats (RULES.md §9);
// a record's rules may override either by name.
const DEAL_KNOBS = {
  classic: { hand_size: [7, 7, 7], redeal_doubles: 4 },
  draw: { hand_size: [7, 5, 5], redeal_doubles: null },
  block: { hand_size: [7, 7, 7], redeal_doubles: null },
  fives: { hand_size: [7, 5, 5], redeal_doubles: null },
  caribbean: { hand_size: [7, 7, 7], redeal_doubles: null },
  batida: { hand_size: [7, 7, 6], redeal_doubles: 5 },
};

/** The 28 tiles in canonical order: "0-0", "1-0", "1-1", "2-0", ... (id h(h+1)/2 + l). */
export const CANONICAL = [];
for (let h = 0; h <= 6; h++) for (let l = 0; l <= h; l++) CANONICAL.push(`${h}-${l}`);
const DOUBLE = CANONICAL.map((t) => t[0] === t[2]);

function crypto() {
  const c = globalThis.crypto;
  if (!c || !c.subtle) throw new Error("WebCrypto is not available here");
  return c.subtle;
}

export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function fromHex(text) {
  if (typeof text !== "string" || text.length % 2 || /[^0-9a-f]/i.test(text)) {
    throw new Error("not hex");
  }
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const u32 = (x) => [(x >>> 24) & 255, (x >>> 16) & 255, (x >>> 8) & 255, x & 255];
const lp = (text) => {
  const bytes = new TextEncoder().encode(text);
  return [...u32(bytes.length), ...bytes];
};

/** SHA-256 of the seed's raw bytes, as lowercase hex (the published commitment). */
export async function commitmentOf(seed) {
  return toHex(new Uint8Array(await crypto().digest("SHA-256", seed)));
}

/** Step 1: the context bytes. clientSeeds: [{seat, seed}], any order. */
export function context(table, round, clientSeeds) {
  const seeds = [...clientSeeds].sort((a, b) => a.seat - b.seat);
  const out = [...new TextEncoder().encode(ALGORITHM), 0, ...lp(table), ...u32(round),
    ...u32(seeds.length)];
  for (const c of seeds) out.push(...u32(c.seat), ...lp(c.seed));
  return new Uint8Array(out);
}

/** Step 2: the byte stream, HMAC-SHA256(seed, context || u32(counter)) block by block. */
export async function makeStream(seed, ctx) {
  const key = await crypto().importKey("raw", seed, { name: "HMAC", hash: "SHA-256" },
    false, ["sign"]);
  let block = new Uint8Array(0);
  let pos = 0;
  let counter = 0;
  return {
    async next() {
      if (pos === block.length) {
        const msg = new Uint8Array(ctx.length + 4);
        msg.set(ctx);
        msg.set(u32(counter++), ctx.length);
        block = new Uint8Array(await crypto().sign("HMAC", key, msg));
        pos = 0;
      }
      return block[pos++];
    },
  };
}

/** Steps 3-4: one Fisher–Yates shuffle of the canonical order, as tile ids. */
export async function shuffleIds(stream) {
  const order = Array.from({ length: N_TILES }, (_, i) => i);
  for (let i = N_TILES - 1; i > 0; i--) {
    const n = i + 1;
    const limit = 256 - (256 % n);
    let b = await stream.next();
    while (b >= limit) b = await stream.next();
    const j = b % n;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The deal knobs of a record's rules: {seats, hand_size, redeal_doubles}. */
export function dealKnobs(rules) {
  const base = DEAL_KNOBS[rules?.preset];
  const seats = rules?.seats;
  if (!base || ![2, 3, 4].includes(seats)) throw new Error("unknown preset or seats");
  return {
    seats,
    hand_size: rules.hand_size ?? base.hand_size[seats - 2],
    redeal_doubles: "redeal_doubles" in rules ? rules.redeal_doubles : base.redeal_doubles,
  };
}

/** Steps 1-6: {order, hands, boneyard, redeals} for these inputs (seed: Uint8Array(32)). */
export async function fairDeal(knobs, seed, table, round, clientSeeds) {
  const stream = await makeStream(seed, context(table, round, clientSeeds));
  const { seats, hand_size: k, redeal_doubles: redeal } = knobs;
  for (let redeals = 0; redeals < 10000; redeals++) {
    const order = await shuffleIds(stream);
    const hands = [];
    for (let s = 0; s < seats; s++) hands.push(order.slice(s * k, s * k + k));
    if (redeal == null || hands.every((h) => h.filter((t) => DOUBLE[t]).length < redeal)) {
      return {
        order,
        hands: hands.map((h) => h.map((t) => CANONICAL[t])),
        boneyard: order.slice(seats * k).map((t) => CANONICAL[t]),
        redeals,
      };
    }
  }
  throw new Error("no deal kept");
}

/** "2-6" and "6-2" are the same tile: the high-low text, or null for no tile. */
function norm(tile) {
  const m = /^([0-6])-([0-6])$/.exec(typeof tile === "string" ? tile.trim() : "");
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

const sameList = (got, want) => Array.isArray(got) && got.length === want.length
  && got.every((t, i) => norm(t) === want[i]);

function fail(round, code, message, extra = {}) {
  const where = round === 0 ? "record" : `round ${round}`;
  return { ok: false, round, code, message: `${where}: ${message}`, ...extra };
}

/** Check one round (1-based); null when it matches, else the failure. */
export async function verifyRound(knobs, round, rnd) {
  const fair = rnd?.fair;
  if (!fair) return fail(round, "no_proof", "the round has no fair-deal proof");
  if (fair.algorithm !== ALGORITHM) {
    return fail(round, "algorithm", `unknown algorithm ${JSON.stringify(fair.algorithm)}`);
  }
  if (fair.server_seed == null) return fail(round, "not_revealed", "the server seed was not revealed");
  let seed;
  try {
    seed = fromHex(fair.server_seed);
  } catch {
    seed = null;
  }
  // both written in lower case (RECORD.md), as domino verify reads them
  if (!seed || seed.length !== 32 || /[A-F]/.test(fair.server_seed)) {
    return fail(round, "bad_proof", "server_seed is not 64 lower-case hex digits");
  }
  if (typeof fair.commitment !== "string" || !/^[0-9a-f]{64}$/.test(fair.commitment)) {
    return fail(round, "bad_proof", "the commitment is not 64 lower-case hex digits");
  }
  if ((await commitmentOf(seed)) !== fair.commitment) {
    return fail(round, "commitment", "the server seed does not match the commitment");
  }
  const seeds = Array.isArray(fair.client_seeds) ? fair.client_seeds : null;
  if (!seeds || seeds.some((c) => !Number.isInteger(c?.seat) || typeof c.seed !== "string"
      || c.seat < 0 || c.seat >= knobs.seats)
      || new Set(seeds.map((c) => c.seat)).size !== seeds.length) {
    return fail(round, "client_seed", "the client seeds are not one text per seat");
  }
  const made = await fairDeal(knobs, seed, String(fair.table), round, seeds);
  const hands = Array.isArray(rnd.hands) ? rnd.hands : [];
  for (let s = 0; s < made.hands.length; s++) {
    if (!sameList(hands[s], made.hands[s])) {
      return fail(round, "hand", `seat ${s}'s hand does not match the shuffle`, { seat: s });
    }
  }
  if (!sameList(rnd.boneyard, made.boneyard)) {
    return fail(round, "boneyard", "the boneyard does not match the shuffle");
  }
  if (made.redeals !== fair.redeals) {
    return fail(round, "redeals", `the record says ${fair.redeals} redeals, the seeds deal again ${made.redeals} times`);
  }
  return null;
}

/** Check every round of a domino-record/2 object (or /3: the same, with how the match
 * ended): {ok: true, rounds} or the first failure {ok: false, round, code, message, seat?}
 * (round 0: the record itself). */
export async function verifyRecord(record) {
  if (record?.format !== "domino-record/2" && record?.format !== "domino-record/3") {
    return fail(0, "format", "not a domino-record/2 record");
  }
  let knobs;
  try {
    knobs = dealKnobs(record.rules);
  } catch (err) {
    return fail(0, "format", err.message);
  }
  const rounds = Array.isArray(record.rounds) ? record.rounds : [];
  if (!rounds.length) return fail(0, "format", "the record has no rounds");
  for (let i = 0; i < rounds.length; i++) {
    const problem = await verifyRound(knobs, i + 1, rounds[i]);
    if (problem) return problem;
  }
  return { ok: true, rounds: rounds.length };
}
