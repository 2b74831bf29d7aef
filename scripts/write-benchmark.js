// Replaces the section between <!-- bench:NAME --> and <!-- /bench:NAME --> in
// docs/benchmarks.md with standard input (appending the section if new).
import { readFileSync, writeFileSync } from "node:fs";

const name = process.argv[2];
if (!name) throw new Error("usage: node scripts/write-benchmark.js NAME < figures.md");
const file = new URL("../docs/benchmarks.md", import.meta.url);
const body = readFileSync(0, "utf8").trim();
const start = `<!-- bench:${name} -->`;
const end = `<!-- /bench:${name} -->`;
const doc = readFileSync(file, "utf8");
const block = `${start}\n${body}\n${end}`;
const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
writeFileSync(file, pattern.test(doc) ? doc.replace(pattern, block) : `${doc.trimEnd()}\n\n${block}\n`);
console.log(`wrote ${name} figures to docs/benchmarks.md`);
