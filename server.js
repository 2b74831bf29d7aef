// Process entry: loads the app (built, or through Vite in development),
// listens, and shuts down gracefully on SIGTERM/SIGINT. With WEB_CONCURRENCY
// above 1 (production only) this process prepares the data once, then starts
// that many serving processes on the same port and restarts any that dies.
import cluster from "node:cluster";
import http from "node:http";

const dev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";

async function main() {
  let server;
  let startServer;
  let stopServer;
  let viteMiddleware;

  if (dev) {
    const vite = await import("vite").then((m) =>
      m.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    ({ startServer, stopServer } = await vite.ssrLoadModule("./server/app.ts"));
    viteMiddleware = vite.middlewares;
  } else {
    const built = await import("./build/server/index.js");
    ({ startServer, stopServer } = built);
    if (cluster.isPrimary && built.servingProcesses({ dev }) > 1) return runCluster(await built.prepareCluster());
  }

  const started = await startServer({
    dev,
    clientDir: dev ? undefined : "build/client",
    clusterWorker: cluster.isWorker,
  });
  const handler = viteMiddleware ? (req, res) => viteMiddleware(req, res, () => started.app(req, res)) : started.app;
  server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(started.port, started.host, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : started.port;
  if (cluster.isWorker) started.log.info({ port, host: started.host }, "serving process ready");
  else
    started.log.info(
      { port, host: started.host, mode: dev ? "development" : "production" },
      `Electrify is listening on http://localhost:${port}`,
    );

  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    started.log.info({ signal }, "shutting down: finishing open requests");
    const force = setTimeout(() => {
      started.log.warn("open requests did not finish in 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await stopServer();
      started.log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * The cluster's first process: starts the serving processes (Node's cluster
 * module hands each new connection to one of them in turn), replaces one that
 * dies, stops them all on SIGTERM/SIGINT and waits for them to finish. A
 * serving process that exits before it ever listened (a bad configuration,
 * the port taken) stops the whole server, as a single process would.
 */
function runCluster({ processes, port, host, log }) {
  let stopping = false;
  let ready = 0;
  const listened = new Set();
  const start = () => cluster.fork();
  const stopAll = (code) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      log.warn("serving processes did not stop in 15 s; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(code);
    for (const worker of running) worker.process.kill("SIGTERM");
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info("stopped");
        process.exit(code);
      }
    });
  };
  cluster.on("listening", (worker) => {
    listened.add(worker.id);
    if (++ready === processes)
      log.info({ port, host, mode: "production", processes }, `Electrify is listening on http://localhost:${port}`);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker.id)) {
      log.error({ pid: worker.process.pid, code, signal }, "a serving process could not start; stopping");
      return stopAll(1);
    }
    log.error({ pid: worker.process.pid, code, signal }, "a serving process stopped unexpectedly; starting another");
    setTimeout(() => stopping || start(), 1000);
  });
  for (let i = 0; i < processes; i++) start();
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      log.info({ signal }, "shutting down: serving processes finish their open requests");
      stopAll(0);
    });
  }
}

main().catch((error) => {
  console.error(error?.name === "EnvError" ? error.message : error);
  process.exit(1);
});
