import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Test files longest first, by the seconds each took in CI (test-timings.json,
 * refreshed with `npm run -s test:timings` after a full `npm test`): the
 * workers then finish together, as a greedy longest-first schedule does.
 * Vitest's own timings cache is empty on a fresh clone, as CI runs, and then
 * it takes files by size, which put the minutes-long access sweeps last (an
 * integration step of 676 s whose files added up to 1,353 s, 508 s longest
 * first). A file not yet timed goes first: it may be long.
 */
const TIMINGS = JSON.parse(readFileSync(new URL("./test-timings.json", import.meta.url), "utf8")) as Record<
  string,
  number
>;

const seconds = (file: TestSpecification) =>
  TIMINGS[path.relative(process.cwd(), file.moduleId)] ?? Number.POSITIVE_INFINITY;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => seconds(b) - seconds(a));
  }
}
