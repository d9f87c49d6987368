// Prints the figures: random playouts per second of each game in headless
// Chromium and natively (the example `figures`, run here on the same
// machine), their ratio, and one ISMCTS decision at 1,000 iterations (the
// median of five, each side). A bench, not a test: nothing here passes or
// fails on speed.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";
import { createServer } from "vite";

import type { Figure } from "../src/bench.js";

const web = fileURLToPath(new URL("../../../", import.meta.url));
const root = fileURLToPath(new URL("../../../../", import.meta.url));

const native = execFileSync(
  "cargo",
  ["run", "--release", "--quiet", "-p", "fairy-ring-wasm", "--example", "figures"],
  { cwd: root, encoding: "utf8" },
);
const nativeRate = new Map<string, number>();
const nativeMs = new Map<string, number>();
for (const line of native.split("\n")) {
  const rate = /^native (\w+): ([\d.]+) playouts\/s/.exec(line);
  if (rate) nativeRate.set(rate[1], Number(rate[2]));
  const search = /^native (\w+): ISMCTS 1000 iterations in ([\d.]+) ms/.exec(line);
  if (search) nativeMs.set(search[1], Number(search[2]));
}

const server = await createServer({ root: web, logLevel: "error", server: { port: 0, host: "127.0.0.1" } });
await server.listen();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  await page.goto(`${server.resolvedUrls?.local[0]}bench.html`);
  const figures = (await page.evaluate(
    () => (window as unknown as { fairyRingFigures: Promise<unknown> }).fairyRingFigures,
  )) as Figure[];
  console.log(
    "game    wasm playouts/s  native playouts/s  native/wasm  ISMCTS-1000 wasm ms  native ms  wasm/native",
  );
  for (const f of figures) {
    const n = nativeRate.get(f.game) ?? NaN;
    const ms = nativeMs.get(f.game) ?? NaN;
    console.log(
      `${f.game.padEnd(7)} ${f.playoutsPerSecond.toFixed(0).padStart(16)} ${n.toFixed(0).padStart(18)} ` +
        `${(n / f.playoutsPerSecond).toFixed(2).padStart(12)} ${f.ismctsMs.toFixed(1).padStart(20)} ` +
        `${ms.toFixed(1).padStart(10)} ${(f.ismctsMs / ms).toFixed(2).padStart(12)}`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
