// Loads the WebAssembly package in Node: the package is built for the web
// (`--target web`), so its module is handed the .wasm bytes from disk.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { initSync } from "fairy-ring-wasm";

/** The path of the package's .wasm file. */
export function wasmPath(): string {
  return fileURLToPath(import.meta.resolve("fairy-ring-wasm/fairy_ring_wasm_bg.wasm"));
}

/** Instantiates the package once, synchronously. */
export function loadForNode(): void {
  initSync({ module: readFileSync(wasmPath()) });
}
