#!/usr/bin/env bash
# Builds the WebAssembly package into bindings/wasm/pkg: the crate with the
# profile that ships (wasm-release), then wasm-bindgen's JavaScript glue and
# .d.ts (with the generated types). (Debian's binaryen 108 is too old for the
# reference types rustc emits: its wasm-opt output fails to load, so it is not used.)
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the version
# Cargo.lock pins (.ci/wasm installs both).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=bindings/wasm/pkg
cargo build -p fairy-ring-wasm --target wasm32-unknown-unknown --profile wasm-release
# Cargo's target dir (CARGO_TARGET_DIR or a config may move it).
target_dir="$(cargo metadata --format-version 1 --no-deps \
    | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
rm -rf "$out"
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$out" \
    "$target_dir/wasm32-unknown-unknown/wasm-release/fairy_ring_wasm.wasm"
cat > "$out/package.json" <<'JSON'
{
  "name": "fairy-ring-wasm",
  "version": "0.1.0",
  "description": "Exact rules engines of five fairy card games, for JavaScript: tables, each seat's view and messages, information states, sampling and search bots.",
  "license": "MIT OR Apache-2.0",
  "type": "module",
  "main": "fairy_ring_wasm.js",
  "types": "fairy_ring_wasm.d.ts",
  "files": ["fairy_ring_wasm.js", "fairy_ring_wasm.d.ts", "fairy_ring_wasm_bg.wasm", "fairy_ring_wasm_bg.wasm.d.ts"],
  "sideEffects": false
}
JSON
echo "built $out"
