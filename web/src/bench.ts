// The WebAssembly side of the figures, run in the page by test/bench.ts:
// random playouts per second of each game (the same loop as the native
// example `figures`), and one ISMCTS decision at 1,000 iterations from the
// position `Table.create(game, 3, 1)` deals (the median of five, warm).
import init, { Bot, Table, games, randomPlayouts } from "fairy-ring-wasm";

export interface Figure {
  game: string;
  playoutsPerSecond: number;
  movesPerGame: number;
  ismctsMs: number;
}

async function run(): Promise<Figure[]> {
  await init();
  const figures: Figure[] = [];
  for (const { game } of games()) {
    randomPlayouts(game, 3, 5, 1);
    const start = performance.now();
    let played = 0;
    let moves = 0;
    while (performance.now() - start < 1000) {
      moves += randomPlayouts(game, 3, 10, 1 + played);
      played += 10;
    }
    const seconds = (performance.now() - start) / 1000;
    const table = Table.create(game, 3, 1);
    const player = table.toAct()[0];
    const config = table.config();
    if (!config) throw new Error("a dealt table has a config");
    const bot = Bot.ismcts(config, 1000, 1);
    const message = table.opening({ player }).message;
    bot.start(message);
    // One decision to warm up, then the median of five, as natively.
    bot.choose(message);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const searchStart = performance.now();
      bot.choose(message);
      times.push(performance.now() - searchStart);
    }
    times.sort((a, b) => a - b);
    figures.push({
      game,
      playoutsPerSecond: played / seconds,
      movesPerGame: moves / played,
      ismctsMs: times[Math.floor(times.length / 2)],
    });
  }
  return figures;
}

(window as unknown as { fairyRingFigures: Promise<Figure[]> }).fairyRingFigures = run();
