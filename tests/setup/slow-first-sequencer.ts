import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The integration files that take minutes, started first so that the
 * workers run them side by side instead of queueing them at the end: without
 * Vitest's timings cache (a fresh clone, as CI runs) files are taken largest
 * first, and these are three-line files that call a suite.
 */
const SLOW = ["hostile-input-postgres", "hostile-input-sqlite", "body-fuzz", "ocpp.test", "aborted-upload"];

const rank = (file: TestSpecification) => {
  const at = SLOW.findIndex((name) => file.moduleId.includes(name));
  return at < 0 ? SLOW.length : at;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
