// What the page and the table's worker say to each other. The page is told
// only what its seat may know: its letters (view, redacted events, choices),
// a refusal of its own move in the crate's words, who is thinking, and the
// outcome once the game is over.
import type { ErrorKind, GameKind, Letter, Outcome } from "fairy-ring-wasm";

/** From the page to the table. */
export type ToTable =
  | {
      type: "start";
      game: GameKind;
      players: number;
      seed: number;
      /** The seat the person plays, or null to watch the bots. */
      seat: number | null;
      /** Search iterations per bot decision. */
      iterations: number;
      /** Milliseconds between two bot moves, so a person can follow. */
      delay: number;
    }
  | { type: "play"; index: number }
  | { type: "say"; text: string };

/** From the table to the page. */
export type ToPage =
  | { type: "letter"; letter: Letter }
  | { type: "refused"; kind: ErrorKind; message: string }
  | { type: "thinking"; player: number }
  | { type: "over"; outcome: Outcome }
  | { type: "failed"; message: string };
