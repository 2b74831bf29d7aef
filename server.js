// Process entry: loads the app (built, or through Vite in development),
// listens, and shuts down gracefully on SIGTERM/SIGINT. In production the
// first process is the supervisor (server/supervisor.ts): it serves nothing
// and runs the serving processes (WEB_CONCURRENCY, one by default) under it,
// replacing one that dies.
import cluster from "node:cluster";
import http from "node:http";
import module from "node:module";

// Node keeps the code it compiles for the modules it loads (in the system's temporary directory) and reuses it at the
// next start: a serving process spends most of its start-up compiling the server build and its packages, and this took
// a start from 3.3 s to 2.3 s (decision 040). Every process of the server starts here, so each gets it.
module.enableCompileCache?.();

const dev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";

async function main() {
  if (!dev && cluster.isPrimary) {
    const { runSupervisor } = await import("./build/server/supervisor.js");
    return runSupervisor();
  }

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
    ({ startServer, stopServer } = await import("./build/server/index.js"));
  }

  const started = await startServer({
    dev,
    clientDir: dev ? undefined : "build/client",
    prepare: dev ? "full" : (process.env.ELECTRIFY_PREPARE ?? "full"),
  });
  const handler = viteMiddleware ? (req, res) => viteMiddleware(req, res, () => started.app(req, res)) : started.app;
  server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.on("upgrade", started.upgrade);

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(started.port, started.host, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : started.port;
  if (cluster.isWorker) {
    started.log.info({ port, host: started.host }, "serving process ready");
    process.send?.({ type: "electrify:ready", processes: started.processes, port, host: started.host });
  } else
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
    void started.closeSockets();
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

main().catch((error) => {
  console.error(error?.name === "EnvError" ? error.message : error);
  process.exit(1);
});
