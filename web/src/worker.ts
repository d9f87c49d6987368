// The table as a server, in a Web Worker: the whole position and the bots
// live here; the page is posted only its own seat's letters.
import init, {
  Bot,
  Table,
  type FairyRingError,
  type Letter,
  type Message,
  type Seat,
} from "fairy-ring-wasm";

import type { ToPage, ToTable } from "./protocol";

interface Game {
  table: Table;
  /** The person's seat, or null when only bots play. */
  human: number | null;
  bots: Map<number, Bot>;
  /** The last message each bot's seat was sent. */
  held: Map<number, Message>;
  delay: number;
  timer: ReturnType<typeof setTimeout> | null;
}

let game: Game | null = null;
const ready = init();

function post(message: ToPage): void {
  self.postMessage(message);
}

function sameSeat(a: Seat, b: Seat): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function watched(current: Game): Seat {
  return current.human === null ? "spectator" : { player: current.human };
}

/** Hands each letter to its seat: the person's to the page, a bot's to the bot. */
function deliver(current: Game, letters: Letter[]): void {
  const seat = watched(current);
  for (const letter of letters) {
    const to = letter.message.seat;
    if (sameSeat(to, seat)) post({ type: "letter", letter });
    if (to !== "spectator" && current.bots.has(to.player)) {
      current.held.set(to.player, letter.message);
      current.bots.get(to.player)?.observe(letter.message);
    }
  }
}

function schedule(current: Game): void {
  if (current.timer !== null) return;
  current.timer = setTimeout(() => {
    current.timer = null;
    step(current);
  }, current.delay);
}

/** One bot move if a bot is to act; the outcome once the game is over. */
function step(current: Game): void {
  if (game !== current) return;
  const { table } = current;
  const outcome = table.outcome();
  if (outcome) {
    post({ type: "over", outcome });
    return;
  }
  const player = table.toAct().find((p) => current.bots.has(p));
  if (player === undefined) return;
  const bot = current.bots.get(player);
  const message = current.held.get(player);
  if (!bot || !message) return;
  post({ type: "thinking", player });
  try {
    const choice = bot.choose(message);
    deliver(current, table.playAction(player, choice.action));
  } catch (error) {
    post({ type: "failed", message: String(error) });
    return;
  }
  schedule(current);
}

function start(request: Extract<ToTable, { type: "start" }>): void {
  if (game?.timer) clearTimeout(game.timer);
  const table = Table.create(request.game, request.players, request.seed);
  const config = table.config();
  const current: Game = {
    table,
    human: request.seat,
    bots: new Map(),
    held: new Map(),
    delay: request.delay,
    timer: null,
  };
  for (let player = 0; player < request.players; player++) {
    if (player === request.seat || !config) continue;
    const bot = Bot.ismcts(config, request.iterations, request.seed + 1 + player);
    const opening = table.opening({ player });
    bot.start(opening.message);
    current.bots.set(player, bot);
    current.held.set(player, opening.message);
  }
  game = current;
  post({ type: "letter", letter: table.opening(watched(current)) });
  schedule(current);
}

function play(current: Game, request: Extract<ToTable, { type: "play" | "say" }>): void {
  if (current.human === null) return;
  try {
    const letters =
      request.type === "play"
        ? current.table.playIndex(current.human, request.index)
        : current.table.play(current.human, request.text);
    deliver(current, letters);
    schedule(current);
  } catch (error) {
    const refusal = error as FairyRingError;
    post({ type: "refused", kind: refusal.kind ?? "bad_input", message: refusal.message });
  }
}

/** For the end-to-end test only, read with the worker's own evaluate (never
 * posted to the page): the moves played, to replay the game outside. */
(self as unknown as { fairyRingMoves: () => unknown }).fairyRingMoves = () =>
  game?.table.record()?.moves ?? [];

self.onmessage = async (event: MessageEvent<ToTable>) => {
  try {
    await ready;
    const request = event.data;
    if (request.type === "start") start(request);
    else if (game) play(game, request);
  } catch (error) {
    post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
