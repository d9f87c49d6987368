// The page: it sends the table's worker what the person does, and draws
// only what the worker posts for the person's seat.
import init, { games, type GameEntry, type Letter, type Outcome } from "fairy-ring-wasm";

import { drawView, esc } from "./draw";
import type { ToPage, ToTable } from "./protocol";

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id}`);
  return element as T;
};

const params = new URLSearchParams(location.search);
const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });

let seat: number | null = 0;
let names: string[] = [];

function send(message: ToTable): void {
  worker.postMessage(message);
}

function fillPlayers(list: GameEntry[]): void {
  const entry = list.find((e) => e.game === $<HTMLSelectElement>("game").value) ?? list[0];
  const players = $<HTMLSelectElement>("players");
  const wanted = Number(params.get("players") ?? players.value ?? entry.min_players);
  players.innerHTML = "";
  for (let n = entry.min_players; n <= entry.max_players; n++) players.add(new Option(String(n), String(n)));
  players.value = String(Math.min(Math.max(wanted, entry.min_players), entry.max_players));
  fillSeats();
}

function fillSeats(): void {
  const seats = $<HTMLSelectElement>("seat");
  const count = Number($<HTMLSelectElement>("players").value);
  seats.innerHTML = "";
  for (let p = 0; p < count; p++) seats.add(new Option(`seat ${p + 1}`, String(p)));
  seats.add(new Option("nobody: watch the bots", "watch"));
  seats.value = params.get("seat") ?? "0";
}

function start(): void {
  const game = $<HTMLSelectElement>("game").value as ToTable extends { game: infer G } ? G : never;
  const chosen = $<HTMLSelectElement>("seat").value;
  seat = chosen === "watch" ? null : Number(chosen);
  $("log").innerHTML = "";
  $("refusal").textContent = "";
  $("outcome").hidden = true;
  document.body.dataset.state = "playing";
  send({
    type: "start",
    game,
    players: Number($<HTMLSelectElement>("players").value),
    seed: Number($<HTMLInputElement>("seed").value),
    seat,
    iterations: Number($<HTMLInputElement>("iterations").value),
    delay: Number(params.get("delay") ?? 350),
  });
}

function showLetter(letter: Letter): void {
  const board = $("board");
  board.innerHTML = drawView(letter.message.view);
  if (letter.said.length) {
    // Animate what just happened: the board flashes, new lines slide in.
    board.classList.remove("flash");
    void board.offsetWidth;
    board.classList.add("flash");
  }
  const log = $("log");
  // Newest first; one move's events in the order they happened.
  for (const said of [...letter.said].reverse()) {
    const line = document.createElement("li");
    line.className = "new";
    line.textContent = said.words;
    log.prepend(line);
  }
  $("view-text").textContent = letter.view_text;
  const choices = $("choices");
  choices.innerHTML = letter.choices
    .map((c) => `<button class="choice" data-index="${c.index}" title="${esc(c.notation)}">${esc(c.words)}</button>`)
    .join("");
  $("status").textContent = letter.choices.length
    ? "Your move."
    : seat === null
      ? "Watching the bots."
      : "Waiting for the others.";
}

function showOutcome(outcome: Outcome): void {
  document.body.dataset.state = "over";
  const winners = outcome.winners.map((p) => (p === seat ? "You" : `P${p + 1}`)).join(" and ");
  const rows = outcome.scores.map((s, p) => `<li>${p === seat ? "You" : `P${p + 1}`}: <b>${s}</b></li>`).join("");
  const outcomeBox = $("outcome");
  outcomeBox.innerHTML =
    `<div class="panel"><h2>Game over</h2><p class="winners">${esc(winners)} ${outcome.winners.length > 1 ? "win" : "wins"}!</p>` +
    `<ol>${rows}</ol><button id="again">Play again</button></div>`;
  outcomeBox.hidden = false;
  $("again").addEventListener("click", start);
  $("choices").innerHTML = "";
  $("status").textContent = "The game is over.";
}

worker.onmessage = (event: MessageEvent<ToPage>) => {
  const message = event.data;
  switch (message.type) {
    case "letter":
      $("refusal").textContent = "";
      showLetter(message.letter);
      break;
    case "refused":
      $("refusal").textContent = message.message;
      break;
    case "thinking":
      $("status").textContent = `P${message.player + 1} is thinking…`;
      break;
    case "over":
      showOutcome(message.outcome);
      break;
    case "failed":
      $("refusal").textContent = message.message;
      console.error(message.message);
      break;
  }
};

$("choices").addEventListener("click", (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button.choice");
  if (!button) return;
  $("choices").innerHTML = "";
  send({ type: "play", index: Number(button.dataset.index) });
});

$("say").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $<HTMLInputElement>("text");
  send({ type: "say", text: text.value });
  text.value = "";
});

$("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  start();
});

await init();
const list = games();
names = list.map((e) => e.name);
const gameSelect = $<HTMLSelectElement>("game");
for (const entry of list) gameSelect.add(new Option(entry.name, entry.game));
gameSelect.value = params.get("game") ?? "fairy";
gameSelect.addEventListener("change", () => fillPlayers(list));
$<HTMLSelectElement>("players").addEventListener("change", fillSeats);
fillPlayers(list);
if (params.get("iterations")) $<HTMLInputElement>("iterations").value = params.get("iterations") ?? "";
if (params.get("seed")) $<HTMLInputElement>("seed").value = params.get("seed") ?? "";
document.body.dataset.names = names.join(",");
document.body.dataset.state = "ready";
if (params.has("autostart")) start();
