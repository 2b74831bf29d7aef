// One home for how a benchmark writes its figures into docs/benchmarks.md: between its own markers
// (<!-- bench:NAME --> … <!-- /bench:NAME -->), replacing the last run's, or at the end the first time.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function writeBenchSection(name: string, lines: readonly string[]): void {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const section = [open, ...lines, close].join("\n");
  const file = path.resolve(import.meta.dirname, "../docs/benchmarks.md");
  const current = readFileSync(file, "utf8");
  const from = current.indexOf(open);
  const to = current.indexOf(close);
  writeFileSync(
    file,
    from < 0
      ? `${current.trimEnd()}\n\n${section}\n`
      : `${current.slice(0, from)}${section}${current.slice(to + close.length)}`,
  );
  console.log("written to docs/benchmarks.md");
}
