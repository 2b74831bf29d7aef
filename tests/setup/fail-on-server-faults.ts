import { afterAll, afterEach } from "vitest";

import { takeNewFaults } from "../support/app-server";

/**
 * An unhandled error in a server a test started, or a serving process that
 * died, fails the test during which it was recorded (the servers' fault logs,
 * not their output, which a cut-off line could hide): the next hole shows up
 * in CI, not in a yard. Faults recorded after the last test of a file (while
 * its servers stop) fail the file.
 */
function failOnFaults() {
  const faults = takeNewFaults();
  if (faults.length > 0) throw new Error(`The server recorded ${faults.length} fault(s):\n${faults.join("\n")}`);
}

afterEach(failOnFaults);
afterAll(failOnFaults);
