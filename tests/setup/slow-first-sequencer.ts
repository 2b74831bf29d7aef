import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Integration files longest first, by the seconds each took in CI
 * (integration-timings.json, refreshed with `npm run -s test:timings` after a
 * full run): three workers then finish together, as a greedy longest-first
 * schedule does. Vitest's own timings cache is empty on a fresh clone, as CI
 * runs, and then it takes files by size, which put the minutes-long access
 * sweeps last (a 676 s integration step whose files added up to 1,353 s).
 * A file not yet timed goes first: it may be long.
 */
const TIMINGS: Record<string, number> = JSON.parse(
  readFileSync(new URL("./integration-timings.json", import.meta.url), "utf8"),
) as Record<string, number>;

const seconds = (file: TestSpecification) => {
  const name = file.moduleId.split("/tests/integration/")[1];
  return name === undefined ? 0 : (TIMINGS[name] ?? Number.POSITIVE_INFINITY);
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => seconds(b) - seconds(a));
  }
}
