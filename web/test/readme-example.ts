// The README's example ("In the browser"), word for word below this
// comment: test/readme.test.ts checks that the two agree and runs it, and
// `tsc` checks it against the generated types.
import init, { Table, Info, Bot, type Letter, type FairyRingError } from "fairy-ring-wasm";

await init();
const table = Table.create("season", 3, 42);          // or fromConfig, fromSetup, fromRecord
const mine: Letter = table.opening({ player: 0 });    // view, choices (words + notation)
const info = new Info(mine.message);                  // what seat 0 knows, kept from its letters
try {
  for (const letter of table.play(0, mine.choices[0].words)) {   // or playIndex, playAction
    const seat = letter.message.seat;                 // send each letter to its own seat only
    if (seat !== "spectator" && seat.player === 0) info.receive(letter.message);
  }
} catch (error) {
  const refusal = error as FairyRingError;            // refusal.kind: "not_to_act", "illegal", ...
  console.log(refusal.message);                       // the crate's words
}
