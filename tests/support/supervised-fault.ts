/**
 * A stand-in serving process under the real supervisor (server/supervisor.ts),
 * for tests/integration/supervisor.test.ts: the supervisor is the product's,
 * the serving process is this small HTTP server, which can be made to fail
 * in ways the product must never (an unhandled error on request, a death on
 * every restart). Run with `node --import tsx`; FAULT_LOG, PORT and
 * DIE_ON_RESTART come from the environment.
 */
import cluster from "node:cluster";
import http from "node:http";

import { exitTellingSupervisor, stopOnFault } from "~/lib/faults.server";
import { createLogger } from "~/lib/log.server";

import { runSupervisor, type ReadyMessage } from "../../server/supervisor";

if (cluster.isPrimary) {
  runSupervisor();
} else {
  const log = createLogger("info");
  stopOnFault("serving process", log, exitTellingSupervisor);
  const server = http.createServer((request, response) => {
    if (request.url === "/boom") {
      // An error thrown outside any request handler's reach: nothing catches it.
      setTimeout(() => {
        throw new TypeError("a fault nothing handled");
      }, 0);
      response.end("boom");
      return;
    }
    response.end(String(process.pid));
  });
  server.listen(Number(process.env.PORT), "127.0.0.1", () => {
    process.send?.({
      type: "electrify:ready",
      processes: 1,
      port: Number(process.env.PORT),
      host: "127.0.0.1",
    } satisfies ReadyMessage);
    log.info("serving process ready");
    // After the first start, a process that dies as soon as it is up, to show the back-off.
    if (process.env.ELECTRIFY_PREPARE === "restart" && process.env.DIE_ON_RESTART)
      setTimeout(() => process.exit(3), 50);
  });
}
