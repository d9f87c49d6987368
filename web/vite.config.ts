import { defineConfig } from "vite";

// The worker is an ES module, like the page; the .wasm is an asset.
export default defineConfig({
  worker: { format: "es" },
  build: { target: "es2022" },
  server: { fs: { allow: [".."] } },
});
