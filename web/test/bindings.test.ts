// The WebAssembly package's own tests, under Node's test runner, through the
// generated TypeScript types: every game at every player count, errors for
// bad input, JSON round trips, information kept from a seat's letters,
// sampling and the bots.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  Bot,
  Info,
  Table,
  fickleCardName,
  fickleFamilies,
  games,
  type AnyConfig,
  type AnySetup,
  type AnyView,
  type Choice,
  type ErrorKind,
  type FairyRingError,
  type GameKind,
  type GameRecord,
  type InfoState,
  type Letter,
  type Message,
  type Seat,
} from "fairy-ring-wasm";
import { fickleFavor } from "../src/draw.js";
import { loadForNode } from "./load.js";

loadForNode();

/** A small seeded generator (mulberry32), so a failing game can be replayed. */
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

/** The `Error` a call throws, with its kind. */
function thrown(call: () => unknown): FairyRingError {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof Error, "a JavaScript Error");
    return error as FairyRingError;
  }
  assert.fail("expected an error");
}

function expectKind(call: () => unknown, kind: ErrorKind, words?: RegExp): FairyRingError {
  const error = thrown(call);
  assert.equal(error.kind, kind, `kind of "${error.message}"`);
  assert.ok(error.message.length > 0);
  // Plain words: no Rust names, no line or column of a JSON text.
  assert.doesNotMatch(error.message, /line \d+ column \d+|fairy_ring::|Some\(|None\b/);
  if (words) assert.match(error.message, words);
  return error;
}

/** Which game a value of an `Any` type belongs to. */
function gameOf(value: object): GameKind {
  return Object.keys(value)[0] as GameKind;
}

const seats = (players: number): Seat[] => [
  ...Array.from({ length: players }, (_, player): Seat => ({ player })),
  "spectator",
];

/**
 * Plays a whole game by seeded index choices, checking on each move that
 * every letter is what its seat's view and choices are, and that each
 * seat's information kept from its letters ends on its view.
 */
function playWhole(game: GameKind, players: number, seed: number): number {
  const table = Table.create(game, players, seed);
  const random = seeded(seed);
  const infos = new Map<string, Info>();
  for (const seat of seats(players)) {
    const opening: Letter = table.opening(seat);
    assert.deepEqual(opening.message.seat, seat);
    assert.deepEqual(opening.message.events, []);
    assert.deepEqual(opening.message.view, table.view(seat));
    infos.set(JSON.stringify(seat), new Info(opening.message));
  }
  let moves = 0;
  while (!table.isOver()) {
    const player = table.toAct()[0];
    const choices: Choice[] = table.choices(player);
    assert.ok(choices.length > 0, "a player to act has a choice");
    const pick = choices[Math.floor(random() * choices.length)];
    // Words and notation both read back to the action.
    const letters: Letter[] =
      moves % 2 === 0 ? table.playIndex(player, pick.index) : table.play(player, pick.notation);
    moves += 1;
    for (const letter of letters) {
      const seat = letter.message.seat;
      assert.deepEqual(letter.message.view, table.view(seat));
      const legal = seat === "spectator" ? [] : table.choices(seat.player).map((c) => c.action);
      assert.deepEqual(letter.message.legal, legal);
      assert.equal(letter.said.length, letter.message.events.length);
      assert.equal(letter.choices.length, letter.message.legal.length);
      for (const said of letter.said) {
        assert.equal(gameOf(said.event), game);
        assert.ok(said.words.length > 0);
      }
      const info = infos.get(JSON.stringify(seat));
      assert.ok(info);
      info.receive(letter.message);
    }
    assert.ok(moves < 100_000, "the game ends");
  }
  const outcome = table.outcome();
  assert.ok(outcome);
  assert.equal(outcome.scores.length, players);
  assert.ok(outcome.winners.length > 0);
  for (const seat of seats(players)) {
    const info = infos.get(JSON.stringify(seat));
    assert.ok(info);
    const state: InfoState = info.state();
    assert.deepEqual(state.view, table.view(seat));
  }
  return moves;
}

test("the five games are listed with their player counts", () => {
  const list = games();
  assert.deepEqual(
    list.map((entry) => entry.game),
    ["fairy", "prank", "season", "fickle", "fayre"],
  );
  for (const entry of list) assert.ok(entry.min_players >= 2 && entry.max_players <= 10);
});

for (const entry of games()) {
  test(`${entry.name}: whole games at every player count, letters and information agree`, () => {
    for (let players = entry.min_players; players <= entry.max_players; players++) {
      const moves = playWhole(entry.game, players, 1000 + players);
      assert.ok(moves > 0);
    }
  });
}

test("Fickle: a card's name is the crate's, and its Favor is read from the view's own table", () => {
  const families = fickleFamilies();
  assert.equal(new Set(families).size, 22, "22 Families, each once");
  assert.equal(fickleCardName({ family: "noble", copy: 3 }), "Noble 2'");
  expectKind(() => fickleCardName({ family: "noble", copy: 9 }), "bad_json");
  for (let seed = 0; seed < 8; seed++) {
    // A Favor table of the players' own, different for neighbouring Families.
    const config = Table.create("fickle", 4, seed).config();
    if (!config || !("fickle" in config)) assert.fail("a Fickle config");
    config.fickle.favor.values = config.fickle.favor.values.map((row, index) =>
      row.map(() => (families[index] === "pariah" ? -1 : 1) * ((index % 5) + 1)),
    );
    const table = Table.fromConfig(config, seed);
    const view = table.view({ player: 0 });
    if (!("fickle" in view)) assert.fail("a Fickle view");
    // "your dealt cards: Dispel 4', Coerce 2', Noble 5 (Favor 1)": the
    // crate's words give each card's name, and its Favor when the table's
    // differs from the name's number.
    const dealt = /your dealt cards: (.*)/.exec(table.viewText({ player: 0 }))?.[1] ?? "";
    const said = dealt.split(", ").map((text) => {
      const [, name, number, favor] = /^(\S+ (-?\d+)'?)(?: \(Favor (-?\d+)\))?$/.exec(text) ?? [];
      return { name, favor: Number(favor ?? number) };
    });
    const hand = view.fickle.players[0].hand;
    assert.equal(said.length, hand.length, dealt);
    hand.forEach((card, index) => {
      if (card === null) assert.fail("the seat sees its own hand");
      assert.equal(fickleCardName(card), said[index].name);
      assert.equal(fickleFavor(card, view.fickle.favor), said[index].favor, `${said[index].name} in "${dealt}"`);
    });
  }
});

test("a view is of its game, and its words are not empty", () => {
  for (const entry of games()) {
    const table = Table.create(entry.game, entry.min_players, 3);
    const view: AnyView = table.view({ player: 0 });
    assert.equal(gameOf(view), entry.game);
    assert.ok(table.viewText("spectator").length > 0);
    assert.equal(table.game(), entry.game);
    assert.equal(table.players(), entry.min_players);
  }
});

test("JSON round trips: setup, record, config, information state", () => {
  for (const entry of games()) {
    const table = Table.create(entry.game, entry.min_players, 11);
    const random = seeded(5);
    for (let i = 0; i < 12 && !table.isOver(); i++) {
      const player = table.toAct()[0];
      const choices = table.choices(player);
      table.playIndex(player, Math.floor(random() * choices.length));
    }
    // A setup read back is the same position.
    const setup: AnySetup = table.setup();
    const copy = Table.fromSetup(JSON.parse(JSON.stringify(setup)) as AnySetup, 1);
    assert.deepEqual(copy.setup(), setup);
    for (const seat of seats(entry.min_players)) assert.deepEqual(copy.view(seat), table.view(seat));
    assert.equal(copy.record(), null);
    // A record replays to the same position, and records on.
    const record = table.record();
    assert.ok(record);
    const resumed = Table.fromRecord(JSON.parse(JSON.stringify(record)) as GameRecord, 1);
    assert.deepEqual(resumed.setup(), setup);
    assert.deepEqual(resumed.record(), record);
    // The config.
    const config = table.config();
    assert.ok(config);
    const again = Table.fromConfig(JSON.parse(JSON.stringify(config)) as AnyConfig, 11);
    assert.deepEqual(again.config(), config);
    // An information state.
    const info = new Info(table.opening({ player: 0 }).message);
    const state = info.state();
    assert.deepEqual(Info.fromState(JSON.parse(JSON.stringify(state)) as InfoState).state(), state);
  }
});

test("a sample gives its seat the view it was drawn from", () => {
  for (const entry of games()) {
    const players = entry.min_players + 1 <= entry.max_players ? entry.min_players + 1 : entry.min_players;
    const table = Table.create(entry.game, players, 21);
    const config = table.config();
    assert.ok(config);
    const seat: Seat = { player: 1 };
    const info = new Info(table.opening(seat).message);
    const random = seeded(9);
    for (let i = 0; i < 20 && !table.isOver(); i++) {
      const player = table.toAct()[0];
      const choices = table.choices(player);
      for (const letter of table.playIndex(player, Math.floor(random() * choices.length))) {
        if (JSON.stringify(letter.message.seat) === JSON.stringify(seat)) info.receive(letter.message);
      }
    }
    for (let s = 0; s < 3; s++) {
      const sample = Table.fromSetup(info.sample(config, s), 0);
      assert.deepEqual(sample.view(seat), table.view(seat));
    }
  }
});

test("the bots choose offered moves; the search reports what it saw", () => {
  for (const entry of games()) {
    const table = Table.create(entry.game, entry.min_players, 4);
    const config = table.config();
    assert.ok(config);
    const bots = Array.from({ length: entry.min_players }, (_, p) =>
      p === 0 ? Bot.ismcts(config, 50, p) : Bot.random(p),
    );
    const held: Message[] = [];
    for (let p = 0; p < entry.min_players; p++) {
      held[p] = table.opening({ player: p }).message;
      bots[p].start(held[p]);
    }
    let searched = false;
    for (let i = 0; i < 30 && !table.isOver(); i++) {
      const player = table.toAct()[0];
      const choice = bots[player].choose(held[player]);
      assert.deepEqual(held[player].legal[choice.index], choice.action);
      for (const letter of table.playAction(player, choice.action)) {
        const seat = letter.message.seat;
        if (seat === "spectator") continue;
        held[seat.player] = letter.message;
        bots[seat.player].observe(letter.message);
      }
      const search = bots[0].lastSearch();
      if (player === 0 && search && search.iterations > 0) searched = true;
    }
    assert.equal(bots[1].lastSearch(), null);
    void searched;
  }
});

test("bad input is an Error with the crate's words and a kind", () => {
  const table = Table.create("fairy", 3, 1);
  // Bad notation, and words that are no move.
  expectKind(() => table.play(0, "sideways"), "unreadable");
  expectKind(() => table.play(0, ""), "empty");
  expectKind(() => table.play(0, "99"), "no_such_choice");
  expectKind(() => table.playIndex(0, 99), "no_such_choice");
  // A player who is not seated, a seat that is not at the table.
  expectKind(() => table.playIndex(7, 0), "no_such_player");
  expectKind(() => table.view({ player: 5 }), "not_seated", /not seated/);
  // Malformed JSON values.
  expectKind(() => table.view("nobody" as unknown as Seat), "bad_json", /seat/);
  expectKind(() => Table.fromSetup({ fairy: { scores: "many" } } as unknown as AnySetup, 1), "bad_json", /setup/);
  expectKind(() => Table.fromSetup({ chess: {} } as unknown as AnySetup, 1), "bad_json");
  expectKind(() => Table.fromRecord({ format: 1 } as unknown as GameRecord, 1), "bad_json");
  expectKind(() => table.playAction(0, undefined as unknown as never), "bad_json");
  // A well-formed setup of an impossible position.
  const setup = table.setup() as { fairy: { scores: number[] } };
  setup.fairy.scores = [1, 2];
  expectKind(() => Table.fromSetup(setup as unknown as AnySetup, 1), "setup");
  // Arguments out of range.
  expectKind(() => Table.create("chess", 3, 1), "bad_input");
  expectKind(() => Table.create("fairy", 1, 1), "config", /player/);
  expectKind(() => Table.create("fairy", 3, -1), "bad_input", /seed/);
  expectKind(() => Table.create("fairy", 3, 0.5), "bad_input", /seed/);
  // A message for another seat.
  const info = new Info(table.opening({ player: 0 }).message);
  expectKind(() => info.receive(table.opening({ player: 1 }).message), "other_seat");
  // A sample from information of another game than the config.
  const season = Table.create("season", 3, 1).config();
  assert.ok(season);
  expectKind(() => info.sample(season, 1), "sampling");
});

test("a refused move changes nothing, and says why in the crate's words", () => {
  const table = Table.create("season", 3, 2);
  const before = table.setup();
  const mover = table.toAct()[0];
  const other = (mover + 1) % 3;
  const error = expectKind(() => table.playIndex(other, 0), "no_such_choice");
  assert.match(error.message, /choice/);
  const choice = table.choices(mover)[0];
  expectKind(() => table.playAction(other, choice.action), "not_to_act", /may not act/);
  expectKind(() => table.playAction(mover, { fairy: "higher" }), "illegal");
  assert.deepEqual(table.setup(), before);
});

test("a finished game refuses every move", () => {
  const table = Table.create("fairy", 2, 8);
  const random = seeded(1);
  while (!table.isOver()) {
    const player = table.toAct()[0];
    table.playIndex(player, Math.floor(random() * table.choices(player).length));
  }
  expectKind(() => table.playAction(0, { fairy: "higher" }), "game_over");
  assert.deepEqual(table.toAct(), []);
});
