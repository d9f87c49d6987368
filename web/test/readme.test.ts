// The README's example of the package in a front end is the file
// readme-example.ts word for word, which `tsc` checks against the generated
// types; here it runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { loadForNode } from "./load.js";

loadForNode();

const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
const source = readFileSync(new URL("../../../test/readme-example.ts", import.meta.url), "utf8");

test("the README's example is test/readme-example.ts, and it runs", async () => {
  const section = readme.slice(readme.indexOf("## In the browser"));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block, "a TypeScript example in the README's section 'In the browser'");
  const example = source.replace(/^(\/\/.*\n)+/, "");
  assert.equal(block, example, "the README shows test/readme-example.ts");
  const logged: unknown[] = [];
  const log = console.log;
  console.log = (...values: unknown[]) => void logged.push(values);
  try {
    await import("./readme-example.js");
  } finally {
    console.log = log;
  }
  assert.deepEqual(logged, [], "the example's move is played, not refused");
});
