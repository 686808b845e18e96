// Small pure pieces: tiles, hand, storage, translations, rules pages, where the "more" menu opens.
import assert from "node:assert/strict";
import { test } from "node:test";
import { handMarkup, moveFocus } from "../../../web/hand.js";
import { LANGS, MESSAGES, isolate, setLang, t } from "../../../web/i18n.js";
import { pointsLine } from "../../../web/experience.js";
import { menuPlace } from "../../../web/more-menu.js";
import { PRESETS, rulesHtml } from "../../../web/rules/text.js";
import { DEFAULT_SETTINGS, MAX_SEATS, makeStore } from "../../../web/storage.js";
import { numberCount, parseTile, sameTile, tileKey, tileValue } from "../../../web/tiles.js";

test("tiles parse in either order", () => {
  assert.deepEqual(parseTile("2-6"), [2, 6]);
  assert.equal(tileKey("2-6"), "6-2");
  assert.ok(sameTile("4-6", [6, 4]));
  assert.equal(tileValue("6-4"), 10);
  assert.throws(() => parseTile("7-1"));
});

test("number counts split the 7 tiles of a number into table, hand, unseen", () => {
  const view = { hand: ["6-1", "3-2"], board: { center: [6, 6], arms: { L: [[6, 3]], R: [[6, 5], [5, 5]], U: [], D: [] } } };
  assert.deepEqual(numberCount(view, 6), { table: 3, hand: 1, unseen: 3 });
  assert.deepEqual(numberCount(view, 5), { table: 2, hand: 0, unseen: 5 });
});

test("the hand lights playable tiles and shows the best points", () => {
  const html = handMarkup(
    [{ tile: "6-4", playable: true, targets: [{ end: "L", points: 10 }, { end: "R", points: 5 }] },
     { tile: "1-1", playable: false, targets: [] }],
    { locked: false, selected: null, label: (i) => `${i.tile}!` },
  );
  assert.match(html, /class="hand-tile lit" data-tile="6-4" aria-label="6-4!">/);
  assert.match(html, /class="hand-tile dim" data-tile="1-1" aria-label="1-1!" aria-disabled="true"/);
  assert.match(html, /\+10</);
  // one Tab stop: the first playable tile holds it
  assert.match(html, /tabindex="0" class="hand-tile lit" data-tile="6-4"/);
  assert.match(html, /tabindex="-1" class="hand-tile dim" data-tile="1-1"/);
  const again = handMarkup(
    [{ tile: "6-4", playable: true, targets: [] }, { tile: "1-1", playable: false, targets: [] }],
    { locked: false, current: "1-1", label: () => "x" },
  );
  assert.match(again, /tabindex="0" class="hand-tile dim" data-tile="1-1"/, "the focused tile keeps it");
  const locked = handMarkup([{ tile: "6-4", playable: true, targets: [{ end: null, points: 0 }] }], { locked: true, label: () => "x" });
  assert.match(locked, /dim/);
});

test("arrow keys move around the hand and wrap", () => {
  assert.equal(moveFocus("ArrowRight", 2, 3), 0);
  assert.equal(moveFocus("ArrowLeft", 0, 3), 2);
  assert.equal(moveFocus("End", 0, 3), 2);
  assert.equal(moveFocus("Enter", 0, 3), null);
});

test("settings and seats survive in storage", () => {
  const map = new Map();
  const backing = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, v) };
  const store = makeStore(backing);
  assert.deepEqual(store.settings(), { ...DEFAULT_SETTINGS });
  store.saveSettings({ lang: "en", sound: false });
  store.saveSeat("t1", 2, "secret");
  const again = makeStore(backing);
  assert.equal(again.settings().lang, "en");
  assert.equal(again.settings().sound, false);
  assert.equal(again.settings().aids, true);
  assert.deepEqual(again.seatAt("t1"), { seat: 2, token: "secret" });
  assert.equal(again.current(), "t1");
  again.forgetSeat("t1");
  assert.equal(again.seatAt("t1"), null);
  // at most MAX_SEATS seats are kept: a finished match's seat goes first, then the oldest;
  // a table taken or opened again counts as the newest
  for (let i = 0; i < MAX_SEATS; i += 1) again.saveSeat(`x${i}`, 0, `tok${i}`);
  again.markFinished("x150");
  again.touchSeat("x0"); // the slow match with friends, opened again
  again.saveSeat("x3", 1, "again"); // taken again: now the newest
  again.saveSeat("y", 0, "new"); // one too many: the finished match's seat goes
  let kept = Object.keys(again.seats());
  assert.equal(kept.length, MAX_SEATS);
  assert.ok(!kept.includes("x150") && kept.includes("x0") && kept.includes("x1"));
  again.saveSeat("z", 0, "newer"); // none finished left: the oldest goes
  kept = Object.keys(again.seats());
  assert.ok(!kept.includes("x1") && kept.includes("x0"));
  assert.deepEqual(kept.slice(-4), ["x0", "x3", "y", "z"]);
  assert.deepEqual(again.seatAt("x0"), { seat: 0, token: "tok0" });
  map.set("domino.settings", "{not json");
  assert.deepEqual(makeStore(backing).settings(), { ...DEFAULT_SETTINGS });
});

test("both languages have the same keys and the same placeholders", () => {
  const [pt, en] = LANGS.map((l) => MESSAGES[l]);
  assert.deepEqual(Object.keys(en).sort(), Object.keys(pt).sort());
  for (const key of Object.keys(pt)) {
    const holes = (s) => (s.match(/\{\w+\}/g) || []).sort();
    assert.deepEqual(holes(en[key]), holes(pt[key]), key);
  }
  setLang("en");
  assert.equal(t("table.round", { n: 3 }), "Round 3");
  setLang("xx");
  assert.equal(t("table.round", { n: 3 }), "Rodada 3");
});

test("one of a thing is singular in both languages", () => {
  setLang("pt-BR");
  assert.equal(t("table.tiles", { n: 1 }), "1 pedra");
  assert.equal(t("table.tiles", { n: 2 }), "2 pedras");
  assert.equal(t("table.tiles", { n: 0 }), "0 pedras");
  setLang("en");
  assert.equal(t("table.tiles", { n: 1 }), "1 tile");
  assert.equal(t("table.tiles", { n: 7 }), "7 tiles");
  setLang("pt-BR");
});

test("each preset has its own rules page in each language", () => {
  const pages = new Set();
  for (const lang of LANGS) {
    for (const preset of PRESETS) {
      const html = rulesHtml(preset, lang);
      assert.match(html, new RegExp(`lang="${lang}"`));
      pages.add(html);
    }
  }
  assert.equal(pages.size, LANGS.length * PRESETS.length);
  assert.match(rulesHtml("fives", "pt-BR"), /pião/);
  assert.match(rulesHtml("fives", "en"), /spinner/);
});

test("a rules page explains the basics before what its game changes, and the site's own rules last", () => {
  // a newcomer met "monte", "bucha" and "trancou" in the game's list before any was explained
  const order = (html, ...heads) => heads.map((h) => html.indexOf(h));
  for (const preset of PRESETS) {
    const [basics, game, site] = order(rulesHtml(preset, "pt-BR"), "<h3>O jogo</h3>", "<ul>", "<h3>Na mesa deste site</h3>");
    assert.ok(basics >= 0 && basics < game && game < site, preset);
    const [b, g, st] = order(rulesHtml(preset, "en"), "<h3>The game</h3>", "<ul>", "<h3>At this site's tables</h3>");
    assert.ok(b >= 0 && b < g && g < st, preset);
  }
  // batida: who opens after a blocked tie (RULES.md §3: the seat after the previous opener)
  assert.match(rulesHtml("batida", "pt-BR"), /Depois de um empate, abre o jogador\s+seguinte ao que abriu/);
  assert.match(rulesHtml("batida", "en"), /After a tie, the player\s+after the previous opener/);
  // the heaviest tile: equal values go to the higher number
  assert.match(rulesHtml("classic", "pt-BR"), /6-3 antes de 5-4/);
});

test("the more menu opens beside its button, never over it, and stays on the screen", () => {
  const overlaps = (at, button, menu, vh) => {
    const top = at.top ?? vh - at.bottom - Math.min(menu.height, at.maxHeight);
    const bottom = top + Math.min(menu.height, at.maxHeight);
    return top < button.bottom && bottom > button.top;
  };
  // a phone upright: the button at the foot of the screen, the menu above it
  const phone = { width: 390, height: 844 };
  const low = { top: 680, bottom: 732, right: 382 };
  const tall = { width: 374, height: 570 };
  const up = menuPlace(low, tall, phone);
  assert.equal(up.up, true);
  assert.equal(up.top, null);
  assert.ok(!overlaps(up, low, tall, phone.height));
  assert.ok(up.maxHeight <= low.top && up.maxHeight >= tall.height);
  assert.ok(up.right >= 8 && phone.width - up.right - tall.width >= 8, "inside the screen");
  // a phone on its side: the button at the top, the menu below it, scrolling within what is left
  const side = { width: 844, height: 390 };
  const high = { top: 66, bottom: 118, right: 836 };
  const down = menuPlace(high, tall, side);
  assert.equal(down.up, false);
  assert.equal(down.bottom, null);
  assert.ok(down.top > high.bottom);
  assert.ok(down.top + down.maxHeight <= side.height);
  assert.ok(!overlaps(down, high, tall, side.height));
  // a laptop: right edge at the button's
  const laptop = menuPlace({ top: 573, bottom: 625, right: 1216 }, { width: 486, height: 510 }, { width: 1366, height: 768 });
  assert.equal(laptop.right, 1366 - 1216);
  assert.equal(laptop.up, true);
});

test("a right-to-left name is set apart inside every sentence, a left-to-right one is left as typed", () => {
  setLang("pt-BR");
  const FSI = "\u2068";
  const PDI = "\u2069";
  // "Vez de علي 2": without the isolates the "2" and the sentence's end would be drawn
  // on the wrong side of the name
  assert.equal(t("table.turnOf", { name: "علي 2" }), `Vez de ${FSI}علي 2${PDI}`);
  assert.equal(t("round.domino", { name: "שרה" }), `${FSI}שרה${PDI} bateu!`);
  assert.equal(t("table.turnOf", { name: "Ana 2" }), "Vez de Ana 2");
  assert.equal(t("round.points", { name: "Ana", n: 12 }), "Ana marca 12 pontos nesta rodada.");
  // numbers and tiles are never wrapped, and a name is wrapped once only
  assert.equal(t("log.draw", { name: "Ana", n: 3 }), "Ana comprou 3 pedras.");
  assert.equal(isolate(isolate("علي")), `${FSI}علي${PDI}`);
  // lists of names: each name apart, so one's points do not jump to the next
  const names = (seat) => ["علي", "Bia"][seat];
  const line = pointsLine({ type: "ranking", points: [20, 5], reason: null }, null, names);
  assert.ok(line.includes(`${FSI}علي${PDI} +20, Bia +5`), line);
  setLang("en");
  assert.equal(t("table.turnOf", { name: "علي" }), `${FSI}علي${PDI}'s turn`);
  setLang("pt-BR");
});

test("deadlines are counted by the server's clock, however far the device's is off", async () => {
  const { heardServerTime, serverNow } = await import("../../../web/server-clock.js");
  const device = Date.now();
  heardServerTime(new Date(device - 150000).toISOString(), device); // the device is 2.5 min fast
  assert.ok(Math.abs(serverNow() - (Date.now() - 150000)) < 1000);
  heardServerTime("not a time");
  assert.ok(Math.abs(serverNow() - (Date.now() - 150000)) < 1000, "a bad time changes nothing");
  heardServerTime(new Date().toISOString());
  assert.ok(Math.abs(serverNow() - Date.now()) < 1000);
});

test("a link to our seat carries it after '#', and only a well-formed one is taken", async () => {
  const { seatLink, seatFromHash } = await import("../../../web/device-link.js");
  const token = "abcDEF123_-abcDEF123_-abcDEF1234";
  const link = seatLink("https://d.example", "mesa 7", 2, token, "en");
  assert.equal(link, `https://d.example/t/mesa%207#seat=2&token=${token}&lang=en`);
  assert.deepEqual(seatFromHash(new URL(link).hash), { seat: 2, token, lang: "en", player: null });
  assert.deepEqual(seatFromHash(`#seat=1&token=${token}`), { seat: 1, token, lang: null, player: null });
  const player = "PLAYERkey_PLAYERkey-123";
  assert.equal(seatFromHash(new URL(seatLink("https://d.example", "m", 0, token, "pt-BR", player)).hash).player, player);
  assert.equal(seatFromHash(`#seat=0&token=${token}&player=<x>`).player, null, "a bad key is dropped, the seat kept");
  for (const bad of ["", "#", `#seat=2`, `#token=${token}`, `#seat=&token=${token}`, `#seat=4&token=${token}`,
    `#seat=-1&token=${token}`, `#seat=1.5&token=${token}`, "#seat=1&token=short", `#seat=1&token=${token}<script>`]) {
    assert.equal(seatFromHash(bad), null, bad);
  }
});
