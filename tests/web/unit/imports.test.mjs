// The client's modules import one way (web/README.md): pure state <- views <- wiring,
// with no circle anywhere. Reads every web/**/*.js file's static imports.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const WEB = normalize(join(dirname(fileURLToPath(import.meta.url)), "../../../web"));

/** Every .js file under `dir` (relative to web/), skipping node_modules. */
function jsFiles(dir = WEB) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules") continue;
    if (statSync(path).isDirectory()) out.push(...jsFiles(path));
    else if (name.endsWith(".js")) out.push(relative(WEB, path));
  }
  return out.sort();
}

/** The relative modules `file` imports (static `import … from "./x.js"` and `export … from`). */
export function importsOf(source, file) {
  const found = [];
  const re = /(?:^|\n)\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of source.matchAll(re)) found.push(normalize(join(dirname(file), m[1])));
  return found;
}

/** A cycle in `graph` (file -> imported files) as a list of files, or null. */
export function findCycle(graph) {
  const state = new Map(); // file -> "open" | "done"
  const path = [];
  const visit = (file) => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "open") return [...path.slice(path.indexOf(file)), file];
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) || []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

function graphOfWeb() {
  const graph = new Map();
  for (const file of jsFiles()) graph.set(file, importsOf(readFileSync(join(WEB, file), "utf8"), file));
  return graph;
}

test("the cycle finder finds a circle and passes a line", () => {
  assert.deepEqual(findCycle(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]])), ["a", "b", "c", "a"]);
  assert.equal(findCycle(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]])), null);
  assert.deepEqual(importsOf('import { x } from "./a.js";\nimport "../b.js";\nexport { y } from "./c/d.js";', "rules/e.js"), [
    "rules/a.js", "b.js", "rules/c/d.js",
  ]);
});

test("no web module imports itself back through others", () => {
  const graph = graphOfWeb();
  assert.ok(graph.size > 20, "the client's modules were read");
  for (const [file, deps] of graph) {
    for (const dep of deps) assert.ok(graph.has(dep), `${file} imports ${dep}, which is not there`);
  }
  const cycle = findCycle(graph);
  assert.equal(cycle, null, `import circle: ${cycle && cycle.join(" -> ")}`);
});

/** The layers of web/README.md: a module may import its own layer or those below it. */
const LAYERS = {
  state: [
    "state.js", "sides.js", "explain.js", "board.js", "board-svg.js", "hand.js", "tiles.js", "i18n.js", "experience.js",
    "my-tables.js", "reactions.js",
    "storage.js", "protocol.js", "api.js", "sound.js", "rules/text.js", "score-sheet.js", "replay.js", "record.js",
    "seats.js", "server-clock.js", "device-link.js", "i18n-table.js", "i18n-home.js", "i18n-round.js", "i18n-fair.js", "happenings.js", "score-sheet.js", "replay.js", "verify.js", "fair.js",
  ],
  view: [
    "page.js", "announce.js", "notify.js", "settings.js", "render.js", "board-view.js", "hand-view.js",
    "result-panels.js", "ranking-view.js", "my-tables-view.js", "rules-dialog.js", "nav.js", "seats-view.js",
    "score-view.js", "replay-view.js", "more-menu.js", "focus-keeper.js", "conn-banner.js",
  ],
};
/** The wiring: every module that owns state, a socket or the page's events. */
const WIRING = [
  "app.js", "routes.js", "table.js", "moves.js", "table-controls.js", "home.js", "invitation.js", "replay-page.js",
  "push.js", "fair-view.js", "auto-notice.js", "seat-trial.js",
];
/** Modules outside the page's graph: the service worker runs on its own and imports nothing. */
const OUTSIDE = ["sw.js"];
const rank = (file) => (LAYERS.state.includes(file) ? 0 : LAYERS.view.includes(file) ? 1 : WIRING.includes(file) ? 2 : null);

test("every web module sits in one layer, so the direction rule reads it", () => {
  const unplaced = jsFiles().filter((file) => rank(file) === null && !OUTSIDE.includes(file));
  assert.deepEqual(unplaced, [], "name each new module in LAYERS or WIRING (web/README.md)");
  for (const file of OUTSIDE) assert.deepEqual(importsOf(readFileSync(join(WEB, file), "utf8"), file), []);
});

test("pure state imports no view and no wiring; views import no wiring", () => {
  for (const [file, deps] of graphOfWeb()) {
    for (const dep of deps) {
      assert.ok(rank(dep) <= rank(file), `${file} (layer ${rank(file)}) imports ${dep} (layer ${rank(dep)})`);
    }
  }
});

test("pure state modules touch neither the page nor the socket's globals", () => {
  for (const file of LAYERS.state) {
    let source;
    try {
      source = readFileSync(join(WEB, file), "utf8");
    } catch {
      continue; // a module the layers name ahead of its time
    }
    if (file === "protocol.js" || file === "api.js" || file === "storage.js" || file === "sound.js") continue; // I/O leaves
    assert.doesNotMatch(source, /\bdocument\.|\bwindow\./, `${file} reaches for the page`);
  }
});

test("every name a web module imports is exported by the module it names", () => {
  const esc = (s) => s.replace(/[$]/g, "\\$");
  const missing = [];
  for (const file of jsFiles()) {
    const source = readFileSync(join(WEB, file), "utf8");
    for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = normalize(join(dirname(file), m[2]));
      const exported = readFileSync(join(WEB, target), "utf8");
      for (const name of m[1].split(",").map((x) => x.trim().split(/\s+as\s+/)[0]).filter(Boolean)) {
        const re = new RegExp(
          `export\\s+(?:async\\s+)?(?:function|const|let|class)\\s+${esc(name)}(?![\\w$])|export\\s*\\{[^}]*(?<![\\w$])${esc(name)}(?![\\w$])`,
        );
        if (!re.test(exported)) missing.push(`${file} imports ${name} from ${target}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});
