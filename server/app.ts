import { rm } from "node:fs/promises";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import { RouterContextProvider } from "react-router";

import { setPlanWorkerScript } from "~/features/planning/plan-runner.server";
import { stopPlanRuns } from "~/features/planning/plan-store.server";
import { setPhotoWorkers } from "~/features/surveys/process-photo.server";
import { removeOrphanPhotos } from "~/features/surveys/remove-orphan-photos.server";
import { ensureFirstAdmin } from "~/features/users/ensure-first-admin.server";
import { CLIENT_IP_HEADER, trustedOriginsFor } from "~/lib/auth/auth.server";
import { configureBackground, stopBackground } from "~/lib/background/background.server";
import { loadEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/log.server";
import { startOutboxWorker } from "~/lib/mail/outbox.server";
import { cspNonceContext, requestInfoContext, type RequestInfo } from "~/lib/request-context";
import { getRuntime, openRuntime, setRuntime, type Runtime } from "~/lib/runtime.server";

import { limitRequestBodies } from "./body-limits";
import { allowedMethods, clientIpHeader, privateResponses, rejectCrossSiteRequests, securityHeaders } from "./security";

export type StartedServer = { app: Express; port: number; host: string; log: ReturnType<typeof createLogger> };

export type ServerOptions = {
  dev: boolean;
  clientDir?: string;
  /** A serving process of a cluster: its first process has already run prepareData (prepareCluster). */
  clusterWorker?: boolean;
};

/** How many processes serve requests (WEB_CONCURRENCY), read before anything starts; always 1 in development. */
export function servingProcesses(options: { dev: boolean }): number {
  return options.dev ? 1 : loadEnv().WEB_CONCURRENCY;
}

/**
 * Start-up work on the data that must run once, before any process serves a
 * request: uploads interrupted by a crash, the first admin, and photo files
 * no survey refers to (with local files, nothing else can be writing then).
 */
async function prepareData(runtime: Runtime): Promise<void> {
  const { env, log } = runtime;
  // Uploads interrupted by a crash leave files here; nothing in it outlives a request.
  await rm(path.join(env.DATA_DIR, "tmp"), { recursive: true, force: true });
  await ensureFirstAdmin(runtime);
  // Photos stored by a survey whose server was killed before its records were committed.
  // A storage problem must not keep the server down: /healthz reports it.
  try {
    const orphans = await removeOrphanPhotos(runtime);
    if (orphans.removed.length > 0)
      log.warn(
        { removed: orphans.removed.length, checked: orphans.checked },
        "removed photo files no survey refers to",
      );
  } catch (error) {
    log.error({ err: error }, "could not check for photo files no survey refers to");
  }
}

/**
 * The first process of a cluster (WEB_CONCURRENCY > 1): validates the
 * environment, migrates the database and runs prepareData, then closes it;
 * the processes it starts next only open the database and serve.
 */
export async function prepareCluster(): Promise<{
  processes: number;
  port: number;
  host: string;
  log: ReturnType<typeof createLogger>;
}> {
  const env = loadEnv();
  const log = createLogger(env.LOG_LEVEL);
  const runtime = await openRuntime(env, log);
  try {
    await prepareData(runtime);
  } finally {
    await runtime.database.destroy();
  }
  return { processes: env.WEB_CONCURRENCY, port: env.PORT, host: env.HOST, log };
}

/**
 * Validates the environment, opens and migrates the database, runs
 * prepareData (unless a cluster's first process did), and returns the
 * Express app to listen with.
 */
export async function startServer(options: ServerOptions): Promise<StartedServer> {
  const env = loadEnv();
  const log = createLogger(env.LOG_LEVEL);
  const runtime = await openRuntime(env, log, { migrate: !options.clusterWorker });
  setRuntime(runtime);
  if (!options.clusterWorker) await prepareData(runtime);
  stopOutbox = startOutboxWorker(runtime, env.OUTBOX_POLL_SECONDS * 1000);
  setPhotoWorkers(env.PHOTO_WORKERS);
  // Password hashing and photo decoding run in a lower-priority child process (in development, in this one).
  configureBackground({ script: options.dev ? null : path.resolve("build/server/background-process.js"), log });
  // Charging plans are computed in worker threads from the built script (in development, in this thread).
  setPlanWorkerScript(options.dev ? null : path.resolve("build/server/plan-worker.js"));
  log.info({ database: runtime.database.description, dataDir: env.DATA_DIR, appUrl: env.APP_URL }, "runtime ready");
  return { app: await createApp(options), port: env.PORT, host: env.HOST, log };
}

let stopOutbox: (() => void) | undefined;

/**
 * Requests whose handler is still running. A client that disconnects closes
 * its socket (so the HTTP server may already count as closed) while the
 * handler still works with the database; shutdown waits for those too.
 */
let inFlight = 0;
let onIdle: (() => void) | undefined;

function requestsFinished(): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => (onIdle = resolve));
}

export async function stopServer(): Promise<void> {
  stopOutbox?.();
  await requestsFinished();
  await stopPlanRuns();
  await stopBackground();
  const runtime = getRuntime();
  setRuntime(undefined);
  await runtime.database.destroy();
}

async function createApp(options: ServerOptions): Promise<Express> {
  const { env, log, database } = getRuntime();
  const app = express();
  app.disable("x-powered-by");
  // Behind TLS-terminating proxies, their X-Forwarded-* headers give the real
  // protocol and client address; without TRUST_PROXY they are ignored.
  if (env.TRUST_PROXY > 0) app.set("trust proxy", env.TRUST_PROXY);
  app.use(requestLog(log));
  app.use(allowedMethods);
  app.use(drainUnreadBodies);
  app.use(privateResponses);
  const tileOrigin = env.MAP_TILE_URL === "none" ? [] : [new URL(env.MAP_TILE_URL.replace(/\{[a-z]\}/g, "0")).origin];
  app.use(securityHeaders({ dev: options.dev, secure: env.SECURE_COOKIES, imageOrigins: tileOrigin }));
  app.use(compression());

  if (options.clientDir) {
    app.use("/assets", express.static(`${options.clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  // Database and file storage reachability, for load balancers and monitoring.
  app.get("/healthz", async (_req, res) => {
    const { storage } = getRuntime();
    const [db, files] = await Promise.allSettled([database.check(), storage.check()]);
    const healthy = db.status === "fulfilled" && files.status === "fulfilled";
    if (!healthy)
      log.error(
        {
          database: db.status === "rejected" ? db.reason : undefined,
          storage: files.status === "rejected" ? files.reason : undefined,
        },
        "health check failed",
      );
    res.status(healthy ? 200 : 503).json({
      status: healthy ? "ok" : "error",
      database: db.status === "fulfilled" ? "ok" : "unreachable",
      storage: files.status === "fulfilled" ? "ok" : "unreachable",
    });
  });

  app.use(clientIpHeader(CLIENT_IP_HEADER));
  app.use(rejectCrossSiteRequests(trustedOriginsFor(env.APP_URL)));
  app.use(limitRequestBodies(env.MAX_PHOTO_MB));
  // In development the build is fetched per request so edits show up; in
  // production it is loaded once, or React Router would rebuild its route
  // tables for every request (measured: about a tenth of a page's CPU time).
  const build = options.dev
    ? () => import("virtual:react-router/server-build")
    : await import("virtual:react-router/server-build");
  const handleRequest = createRequestHandler({
    build,
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
      // Filled in by the session middleware, read by the request log.
      const info: RequestInfo = { userId: null };
      res.locals.requestInfo = info;
      context.set(requestInfoContext, info);
      return context;
    },
  });
  app.use(async (req, res, next) => {
    inFlight++;
    try {
      await handleRequest(req, res, next);
    } finally {
      if (--inFlight === 0) onIdle?.();
    }
  });
  return app;
}

function requestLog(log: ReturnType<typeof createLogger>): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = req.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Never the query string, headers or body: they can hold tokens and passwords.
      const userId = (res.locals.requestInfo as RequestInfo | undefined)?.userId ?? undefined;
      const entry = {
        requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        userId,
      };
      if (req.path.startsWith("/assets/")) log.debug(entry, "request");
      else log.info(entry, "request");
    });
    next();
  };
}

/**
 * A request refused before its body was read (e.g. a sign-in redirect for an
 * anonymous upload) leaves the rest of the body on the connection, held by
 * React Router's request stream, which nobody reads: the client then waits
 * forever to finish sending, and a kept-alive connection never carries the
 * next request. Once the response is sent, the rest is read and thrown away.
 */
const drainUnreadBodies: express.RequestHandler = (req, res, next) => {
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    // A body refused as too large is not read: the connection closes after the answer instead.
    if (String(res.getHeader("connection") ?? "").toLowerCase() === "close") {
      req.socket.destroySoon();
      return;
    }
    req.removeAllListeners("data");
    req.on("data", () => undefined);
    req.resume();
  });
  next();
};
