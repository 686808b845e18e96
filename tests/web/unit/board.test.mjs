// Layout of the line of play: no overlaps, doubles crosswise, spinner arms, targets.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardSvg } from "../../../web/board-svg.js";
import { fitBoard, layoutBoard, lineInOrder, previewTile, REACHES, TURNS } from "../../../web/board.js";

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

test("the svg marks the spinner, the last tile and offers targets drawn as the tile with its points", () => {
  const board = { center: [5, 5], spinner: true, arms: { L: [[5, 0]], R: [[5, 2]], U: [], D: [] } };
  const preview = previewTile(board, "L", [0, 4], 0);
  const { markup: svg } = boardSvg(layoutBoard(board), {
    label: "mesa", last: "5-2",
    targets: [
      { end: "L", text: "+10", label: "jogar na esquerda", preview },
      { end: "U", text: "", label: "em cima", preview: null },
    ],
  });
  assert.match(svg, /class="tile double spinner"/);
  assert.match(svg, /class="tile last"/);
  assert.match(svg, /data-end="L"[^>]*aria-label="jogar na esquerda"/);
  assert.match(svg, />\+10</);
  assert.match(svg, /class="tile preview"/);
  assert.match(svg, /role="group" aria-label="mesa"/); // it holds buttons: not a picture
  assert.equal((svg.match(/class="target"/g) || []).length, 2);
  // each place takes a tap half a tile beyond its frame, inside the picture's room
  const num = (m, k) => Number(new RegExp(`${k}="([-0-9.]+)"`).exec(m)[1]);
  const vb = /viewBox="([-0-9. ]+)"/.exec(svg)[1].split(" ").map(Number);
  for (const g of svg.split('<g class="target"').slice(1)) {
    const hit = /<rect class="target-hit"[^>]*>/.exec(g)[0];
    const frame = /<rect class="target-frame"[^>]*>/.exec(g)[0];
    assert.ok(num(hit, "x") <= num(frame, "x") - 0.4 && num(hit, "y") <= num(frame, "y") - 0.4, g);
    assert.ok(num(hit, "width") >= num(frame, "width") + 0.8 && num(hit, "height") >= num(frame, "height") + 0.8, g);
    assert.ok(num(hit, "x") >= vb[0] && num(hit, "y") >= vb[1], "inside the view box");
    assert.ok(num(hit, "x") + num(hit, "width") <= vb[0] + vb[2] + 1e-9 && num(hit, "y") + num(hit, "height") <= vb[1] + vb[3] + 1e-9);
  }
});

test("the preview lays the tile where the server would: touching the end with the matching pip", () => {
  const board = { center: [6, 3], spinner: false, arms: { L: [[6, 2]], R: [[3, 1]], U: [], D: [] } };
  const laid = layoutBoard(board);
  const west = previewTile(board, "L", [5, 2], 2);
  const end = laid.tiles.find((t) => t.arm === "L");
  assert.deepEqual([west.a, west.b], [5, 2], "west arm: the far pip on the outside (left)");
  assert.equal(west.x + west.w, end.x);
  const east = previewTile(board, "R", [1, 1], 1);
  assert.deepEqual([east.w, east.h], [1, 2], "a double shows crosswise");
  assert.equal(previewTile(board, "R", [5, 2], 1), null, "a tile without the end's number has no place");
  noOverlap([...laid.tiles, west, east]);
});

/** The 28 tiles in one line: 6-6 in the center, every other tile on the two arms. */
function fullLine() {
  // An Euler walk through the double-six set from 6: every tile once.
  const left = chain(6, [5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, 6, 4]);
  const right = chain(6, [3, 5, 2, 6, 1, 5, 0, 4, 2, 0, 3, 1, 4]);
  return { center: [6, 6], spinner: false, arms: { L: left, R: right, U: [], D: [] } };
}

test("all 28 tiles fit a phone's board readably and without overlaps", () => {
  const board = fullLine();
  const keys = new Set([[6, 6], ...board.arms.L, ...board.arms.R].map(([a, b]) => (a >= b ? `${a}-${b}` : `${b}-${a}`)));
  assert.equal(keys.size, 28, "the test line holds the whole set");
  const room = { width: 316, height: 340, maxUnit: 24 };
  const fit = fitBoard(board, room);
  noOverlap(fit.layout.tiles);
  const { box } = fit.layout;
  assert.ok((box.maxX - box.minX) * fit.unit <= room.width + 1e-6);
  assert.ok((box.maxY - box.minY) * fit.unit <= room.height + 1e-6);
  // a tile at least 2 × 9 px wide: the pips stay countable
  assert.ok(fit.unit >= 9, `unit ${fit.unit.toFixed(1)} px too small`);
  // the same on a desktop board, with bigger tiles
  const wide = fitBoard(board, { width: 1000, height: 500, maxUnit: 32 });
  assert.ok(wide.unit > fit.unit);
  noOverlap(wide.layout.tiles);
});

test("fitting keeps the reach on screen while it still fits well, and a short line at full size", () => {
  const short = { center: [6, 6], spinner: false, arms: { L: [[6, 1]], R: [[6, 2]], U: [], D: [] } };
  assert.equal(fitBoard(short, { width: 316, height: 300, maxUnit: 24 }).unit, 24);
  const board = fullLine();
  const first = fitBoard(board, { width: 1000, height: 500, maxUnit: 32 });
  const other = REACHES.find((x) => x !== first.reach && x > first.reach);
  const again = fitBoard(board, { width: 1000, height: 500, maxUnit: 32, keep: other });
  const kept = again.reach === other;
  assert.ok(!kept || again.unit >= first.unit * 0.9);
});

test("four long spinner arms turn into rows of their own, without collisions, and fit bigger", () => {
  const chain = (start, nums) => {
    let open = start;
    return nums.map((n) => {
      const t = [open, n];
      open = n;
      return t;
    });
  };
  const board = {
    center: [5, 5], spinner: true,
    arms: { L: chain(5, [0, 1, 2, 3]), R: chain(5, [3, 2, 4, 0]), U: chain(5, [1, 6, 2, 4, 3]), D: chain(5, [2, 0, 6, 1, 4]) },
  };
  for (const turn of TURNS) {
    const l = layoutBoard(board, { reach: 8, turn });
    for (let i = 0; i < l.tiles.length; i += 1) {
      for (let j = i + 1; j < l.tiles.length; j += 1) {
        const [a, b] = [l.tiles[i], l.tiles[j]];
        const overlap = a.x < b.x + b.w - 1e-9 && b.x < a.x + a.w - 1e-9 && a.y < b.y + b.h - 1e-9 && b.y < a.y + a.h - 1e-9;
        assert.ok(!overlap, `turn ${turn}: tiles ${a.key} and ${b.key} overlap`);
      }
    }
    // nor does the place for the next tile on U or D cover a tile (the ghosts and the spinner)
    for (const end of ["U", "D"]) {
      const e = l.ends[end];
      for (const t of l.tiles) {
        const overlap = e.x < t.x + t.w - 1e-9 && t.x < e.x + e.w - 1e-9 && e.y < t.y + t.h - 1e-9 && t.y < e.y + e.h - 1e-9;
        assert.ok(!overlap, `turn ${turn}: the ${end} place covers ${t.key}`);
      }
    }
    if (turn !== Infinity) {
      const up = l.tiles.filter((t) => t.arm === "U");
      assert.ok(up.some((t) => t.w === 2 && t.x >= -0.5), "the U arm turns east");
      const down = l.tiles.filter((t) => t.arm === "D");
      assert.ok(down.some((t) => t.w === 2 && t.x + t.w <= 0.5), "the D arm turns west");
    }
  }
  // at 1280x800's board room (about 1000 x 330 px) the turned cross shows tiles bigger
  const straight = fitBoard(board, { width: 1000, height: 330, maxUnit: 40, keep: null });
  const plain = REACHES.map((reach) => layoutBoard(board, { reach })).map(
    ({ box }) => Math.min(1000 / (box.maxX - box.minX), 330 / (box.maxY - box.minY), 40),
  );
  assert.ok(straight.unit > Math.max(...plain), `${straight.unit} vs straight arms ${Math.max(...plain)}`);
  assert.ok(straight.unit * 2 >= 40, `tiles ${straight.unit * 2} px long`);
});

test("the line reads in order from its left end, pips written in reading order", () => {
  const board = { center: [6, 6], spinner: true, arms: { L: [[6, 3], [3, 1]], R: [[6, 2]], U: [[6, 5]], D: [] } };
  assert.deepEqual(lineInOrder(board), {
    line: [{ tile: "1-3", center: false }, { tile: "3-6", center: false }, { tile: "6-6", center: true }, { tile: "6-2", center: false }],
    U: ["6-5"],
    D: [],
  });
  assert.deepEqual(lineInOrder({ center: null }).line, []);
  // with places to choose the picture is a group (a picture may hold no buttons)
  const l = layoutBoard(board);
  assert.match(boardSvg(l, { label: "x" }).markup, /role="img"/);
  assert.match(boardSvg(l, { label: "x", targets: [{ end: "R", label: "r", text: "" }] }).markup, /role="group"/);
});
