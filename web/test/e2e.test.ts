// End to end, in Debian's Chromium driven by playwright-core: for each of
// the five games, a whole game played through the page by clicking offered
// moves (a seeded choice), to the outcome screen, with no console error;
// screenshots mid-play and at the end. Then the leak check: every message
// the worker posted to the page (recorded by the test at the boundary, not
// by the page) must equal what the crate gives that seat,
// found by replaying the game's moves (read from the worker itself, never
// posted to the page) on a table of our own.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

import { chromium, type Browser } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { Table, type GameKind, type Letter, type Move, type Seat } from "fairy-ring-wasm";

import type { ToPage } from "../src/protocol.js";
import { loadForNode } from "./load.js";

loadForNode();

const web = fileURLToPath(new URL("../../../", import.meta.url));
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const shots = process.env.E2E_SCREENSHOTS ?? path.join(web, "artifacts", `e2e-${stamp}`);
mkdirSync(shots, { recursive: true });
console.log(`screenshots: ${shots}`);

let server: ViteDevServer;
let browser: Browser;
let base = "";

before(async () => {
  server = await createServer({ root: web, logLevel: "error", server: { port: 0, host: "127.0.0.1" } });
  await server.listen();
  base = server.resolvedUrls?.local[0] ?? "";
  assert.ok(base, "the dev server has an address");
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A person plays seat 0 against the bots; `watch`: bots only, the page a spectator. */
const GAMES: { game: GameKind; players: number; seed: number; watch?: true }[] = [
  { game: "fairy", players: 3, seed: 11 },
  { game: "prank", players: 3, seed: 12 },
  { game: "season", players: 3, seed: 13 },
  { game: "fickle", players: 3, seed: 14 },
  { game: "fayre", players: 3, seed: 15 },
  { game: "fairy", players: 4, seed: 16, watch: true },
];

for (const { game, players, seed, watch } of GAMES) {
  const title = watch
    ? `${game}: bots only, watched through the page to the end, and nothing leaks to it`
    : `${game}: a whole game through the page, and nothing leaks to it`;
  test(title, { timeout: 600_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    // The boundary, recorded by the test and not by the page: before any
    // script of the page runs, every worker it starts gets a first listener
    // that keeps a copy of each message the worker posts, before the page's
    // own handler sees it.
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { fairyRingBoundary: unknown[] }).fairyRingBoundary = seen;
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          this.addEventListener("message", (event) => seen.push(structuredClone(event.data)));
          this.addEventListener("messageerror", () => seen.push({ type: "messageerror" }));
        }
      };
    });
    const query = `game=${game}&players=${players}&seat=${watch ? "watch" : 0}&iterations=20&delay=0&seed=${seed}&autostart=1`;
    await page.goto(`${base}?${query}`);
    if (watch) {
      // Bots only: the page follows the game to its outcome on its own.
      await page.locator("#board section").first().waitFor();
      await page.screenshot({ path: path.join(shots, `${game}-watched-start.png`), fullPage: true });
      await page.locator("#outcome .winners").waitFor({ timeout: 300_000 });
      await page.screenshot({ path: path.join(shots, `${game}-watched-outcome.png`), fullPage: true });
      assert.equal(await page.locator("button.choice").count(), 0, "a spectator is offered no move");
    } else {
      // A move the person types that is no move: refused in the crate's
      // words, and nothing changes.
      await page.locator("button.choice").first().waitFor();
      await page.fill("#text", "dance a jig");
      await page.press("#text", "Enter");
      await page.waitForFunction(() => (document.getElementById("refusal")?.textContent ?? "") !== "");
      const refusal = (await page.textContent("#refusal")) ?? "";
      assert.doesNotMatch(refusal, /fairy_ring|Err\(|line \d+ column/, "plain words");
      await page.screenshot({ path: path.join(shots, `${game}-refused.png`) });
      const random = seeded(seed);
      let clicks = 0;
      for (;;) {
        await page.waitForFunction(
          () => document.body.dataset.state === "over" || document.querySelectorAll("button.choice").length > 0,
          undefined,
          { timeout: 120_000 },
        );
        if ((await page.evaluate(() => document.body.dataset.state)) === "over") break;
        const buttons = page.locator("button.choice");
        const count = await buttons.count();
        if (count === 0) continue;
        await buttons.nth(Math.floor(random() * count)).click();
        clicks += 1;
        if (clicks === 6) await page.screenshot({ path: path.join(shots, `${game}-mid-play.png`), fullPage: true });
        assert.ok(clicks < 5000, "the game ends");
      }
      await page.locator("#outcome .winners").waitFor();
      await page.screenshot({ path: path.join(shots, `${game}-outcome.png`), fullPage: true });
      assert.ok(clicks > 0, "the person played");
    }
    assert.deepEqual(errors, [], "no console error");

    // The leak check.
    const received = (await page.evaluate(
      () => (window as unknown as { fairyRingBoundary: unknown[] }).fairyRingBoundary,
    )) as ToPage[];
    const workers = page.workers();
    assert.equal(workers.length, 1, "one table worker");
    const moves = (await workers[0].evaluate(
      () => (self as unknown as { fairyRingMoves: () => unknown }).fairyRingMoves(),
    )) as Move[];
    const table = Table.create(game, players, seed);
    const seat: Seat = watch ? "spectator" : { player: 0 };
    const person = watch ? null : 0;
    const expected = [table.opening(seat)];
    // A spectator is offered nothing.
    const choicesOf = () => (person === null ? [] : table.choices(person));
    for (const move of moves) {
      const last = expected[expected.length - 1];
      const mine: Letter[] = table
        .playAction(move.player, move.action)
        .filter((letter) => JSON.stringify(letter.message.seat) === JSON.stringify(seat));
      // Each part against the crate's own answer for the seat: its view, the
      // move's events redacted for it, its choices.
      const shown = table.lastEvents(seat);
      if (mine.length === 0) {
        // No letter: the seat had nothing to learn.
        assert.deepEqual(shown, []);
        assert.deepEqual(table.view(seat), last.message.view);
        assert.deepEqual(choicesOf(), last.choices);
        continue;
      }
      assert.equal(mine.length, 1);
      const letter = mine[0];
      assert.deepEqual(letter.message.view, table.view(seat));
      assert.deepEqual(letter.message.events, shown.map((said) => said.event));
      assert.deepEqual(letter.said, shown);
      assert.deepEqual(letter.choices, choicesOf());
      assert.equal(letter.view_text, table.viewText(seat));
      expected.push(letter);
    }
    const letters = received.filter((m) => m.type === "letter").map((m) => (m as { letter: unknown }).letter);
    assert.deepEqual(letters, expected, "every letter is exactly what the crate gives the page's seat");
    // The other messages carry nothing more than their few fields: who is
    // thinking (one message before each bot move, in order), the refusal of
    // the typed move in words, and the outcome.
    for (const message of received) {
      switch (message.type) {
        case "letter":
          break;
        case "thinking":
          assert.deepEqual(Object.keys(message).sort(), ["player", "type"], "a thinking message");
          break;
        case "refused":
          assert.deepEqual(Object.keys(message).sort(), ["kind", "message", "type"], "a refusal");
          assert.equal(typeof message.kind, "string");
          assert.equal(typeof message.message, "string");
          break;
        case "over":
          assert.deepEqual(message, { type: "over", outcome: table.outcome() });
          break;
        default:
          assert.fail(`the page was posted a ${(message as { type: string }).type} message`);
      }
    }
    assert.deepEqual(
      received.flatMap((m) => (m.type === "thinking" ? [m.player] : [])),
      moves.flatMap((move) => (move.player === person ? [] : [move.player])),
      "one thinking message before each bot move",
    );
    assert.equal(received.filter((m) => m.type === "over").length, 1, "one outcome");
    assert.equal(received.filter((m) => m.type === "refused").length, watch ? 0 : 1, "the one typed refusal");
    assert.ok(table.isOver());
    await page.close();
  });
}
