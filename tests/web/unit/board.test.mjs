// Layout of the line of play: no overlaps, doubles crosswise, spinner arms, targets.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardSvg, layoutBoard } from "../../../web/board.js";

function overlaps(p, q) {
  const eps = 1e-9;
  return p.x < q.x + q.w - eps && q.x < p.x + p.w - eps && p.y < q.y + q.h - eps && q.y < p.y + p.h - eps;
}

function noOverlap(tiles) {
  for (let i = 0; i < tiles.length; i += 1) {
    for (let j = i + 1; j < tiles.length; j += 1) {
      assert.ok(!overlaps(tiles[i], tiles[j]), `tiles ${tiles[i].key} and ${tiles[j].key} overlap`);
    }
  }
}

/** A long legal-looking chain: from `start`, each tile's near is the previous far. */
function chain(start, pairs) {
  let open = start;
  return pairs.map((other) => {
    const tile = [open, other];
    open = other;
    return tile;
  });
}

test("empty board lays out nothing", () => {
  const l = layoutBoard({ center: null, spinner: false, arms: { L: [], R: [], U: [], D: [] } });
  assert.equal(l.empty, true);
  assert.equal(l.tiles.length, 0);
});

test("a double in the center lies crosswise and the ends sit on both sides", () => {
  const l = layoutBoard({ center: [6, 6], spinner: false, arms: { L: [], R: [], U: [], D: [] } });
  const c = l.tiles[0];
  assert.deepEqual([c.w, c.h], [1, 2]);
  assert.ok(l.ends.L.x + l.ends.L.w <= c.x + 1e-9);
  assert.ok(l.ends.R.x >= c.x + c.w - 1e-9);
  assert.equal(l.ends.U, undefined, "no spinner, no U end");
});

test("tiles along a row read outward: the near pip touches the previous tile", () => {
  const l = layoutBoard({ center: [6, 3], spinner: false, arms: { L: [[6, 2]], R: [[3, 1], [1, 1], [1, 4]], U: [], D: [] } });
  const [c, r1, d, r2, l1] = [l.tiles[0], ...l.tiles.filter((t) => t.arm === "R"), ...l.tiles.filter((t) => t.arm === "L")];
  assert.equal(c.a, 6);
  assert.equal(c.b, 3);
  assert.deepEqual([r1.a, r1.b], [3, 1], "east arm: near on the left");
  assert.deepEqual([d.w, d.h], [1, 2], "double crosswise in a row");
  assert.deepEqual([r2.a, r2.b], [1, 4]);
  assert.deepEqual([l1.a, l1.b], [2, 6], "west arm: near on the right");
  assert.equal(r1.x, c.x + c.w);
  noOverlap(l.tiles);
});

test("a long line turns at the reach and never overlaps itself", () => {
  const right = chain(0, [1, 2, 3, 4, 5, 6, 6, 0, 2, 4, 6, 1, 3, 5, 5, 0]);
  const left = chain(0, [3, 6, 2, 5, 1, 4, 4, 0]);
  for (const reach of [6, 7, 10, 13]) {
    const l = layoutBoard({ center: [0, 0], spinner: false, arms: { L: left, R: right, U: [], D: [] } }, { reach });
    assert.equal(l.tiles.length, 1 + right.length + left.length);
    noOverlap(l.tiles);
    for (const t of l.tiles) assert.ok(Math.abs(t.x) <= reach + 2 && Math.abs(t.x + t.w) <= reach + 2, `tile past reach ${reach}`);
    const rows = new Set(l.tiles.filter((t) => t.arm === "R").map((t) => t.y + t.h / 2));
    assert.ok(rows.size > 1, "the east arm turned into another row");
    noOverlap([...l.tiles, l.ends.R, l.ends.L]);
  }
});

test("the fives spinner opens four arms without collisions", () => {
  const board = {
    center: [5, 5], spinner: true,
    arms: { L: chain(5, [0, 1, 2, 3, 4, 6, 6, 1]), R: chain(5, [3, 3, 2, 4, 0, 6, 5]), U: chain(5, [1, 1, 6]), D: chain(5, [2, 2, 0]) },
  };
  const l = layoutBoard(board, { reach: 7 });
  const spinner = l.tiles.find((t) => t.spinner);
  assert.ok(spinner, "spinner marked");
  assert.deepEqual([spinner.w, spinner.h], [1, 2]);
  const up = l.tiles.filter((t) => t.arm === "U");
  assert.ok(up.every((t) => t.y + t.h <= spinner.y + 1e-9), "U arm above the spinner");
  assert.ok(l.tiles.filter((t) => t.arm === "D").every((t) => t.y >= spinner.y + spinner.h - 1e-9), "D arm below");
  assert.ok(l.ends.U && l.ends.D);
  noOverlap(l.tiles);
});

test("the svg marks the spinner, the fresh tile and offers targets with points", () => {
  const board = { center: [5, 5], spinner: true, arms: { L: [[5, 0]], R: [[5, 2]], U: [], D: [] } };
  const svg = boardSvg(layoutBoard(board), {
    label: "mesa", fresh: "5-2",
    targets: [{ end: "L", points: 10, label: "jogar na esquerda" }, { end: "U", points: null, label: "em cima" }],
  });
  assert.match(svg, /class="tile double spinner"/);
  assert.match(svg, /class="tile  fresh"|class="tile fresh"/);
  assert.match(svg, /data-end="L"[^>]*aria-label="jogar na esquerda"/);
  assert.match(svg, />\+10</);
  assert.match(svg, /role="img" aria-label="mesa"/);
  assert.equal((svg.match(/class="target"/g) || []).length, 2);
});
