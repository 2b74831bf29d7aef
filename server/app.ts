import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import { RouterContextProvider } from "react-router";

import { startAlertWatch } from "~/features/alerts/index.server";
import { markAllDisconnected } from "~/features/chargers/index.server";
import { startNetworkWork } from "~/features/flexibility/index.server";
import { startBoxCharge, stopBoxCharge } from "~/features/operations/index.server";
import { setPlanWorkerScript, stopPlanRuns } from "~/features/planning/index.server";
import { removeOrphanQuotes, startApplyByReminders, startRoadmapQueue } from "~/features/portfolio/index.server";
import { removeOrphanPhotos, setPhotoWorkers } from "~/features/surveys/index.server";
import { ensureFirstAdmin } from "~/features/users/index.server";
import { CLIENT_IP_HEADER, trustedOriginsFor } from "~/lib/auth/auth.server";
import { configureBackground, stopBackground } from "~/lib/background/background.server";
import { loadEnv } from "~/lib/env.server";
import { exitTellingSupervisor, stopOnFault } from "~/lib/faults.server";
import { closeLiveStreams } from "~/lib/live-streams.server";
import { createLogger } from "~/lib/log.server";
import { startOutboxWorker } from "~/lib/mail/outbox.server";
import { cspNonceContext, requestInfoContext, type RequestInfo } from "~/lib/request-context";
import { getRuntime, openRuntime, setRuntime, type Runtime } from "~/lib/runtime.server";
import { removeStaleTempFiles } from "~/lib/temp-files.server";

import { limitRequestBodies } from "./body-limits";
import { allowedMethods, clientIpHeader, privateResponses, rejectCrossSiteRequests, securityHeaders } from "./security";
import type { Prepare } from "./supervisor";

export type StartedServer = {
  app: Express;
  /** For the HTTP server's 'upgrade' event: the chargers' OCPP endpoint (/ocpp/<identity>). */
  upgrade: ReturnType<typeof startBoxCharge>["handleUpgrade"];
  /** Closes the chargers' sockets, which would otherwise hold the HTTP server open at shutdown. */
  closeSockets: () => Promise<void>;
  port: number;
  host: string;
  /** Serving processes the supervisor should run (WEB_CONCURRENCY, validated). */
  processes: number;
  log: ReturnType<typeof createLogger>;
};

export type ServerOptions = {
  dev: boolean;
  clientDir?: string;
  /**
   * What this process does with the data before it serves (server/supervisor.ts): "full" for the first
   * process (migrations, start-up clean-up), "restart" for a lone process replacing one that died, "none"
   * for the other processes of a cluster.
   */
  prepare: Prepare;
};

/**
 * Start-up work on the data that must run once, before any process serves a
 * request: uploads interrupted by a crash, the first admin, and photo files
 * no survey refers to (with local files, nothing else can be writing then).
 */
async function prepareData(runtime: Runtime): Promise<void> {
  const { env } = runtime;
  // Uploads interrupted by a crash leave files here; nothing in it outlives a request.
  await removeStaleTempFiles(env.DATA_DIR, { all: true });
  await ensureFirstAdmin(runtime);
  await markAllDisconnected(runtime);
  // Photos stored by a survey whose server was killed before its records were committed.
  await sweepOrphanPhotos(runtime, Infinity);
}

/**
 * A lone serving process replacing one that died cleans up after it: the
 * dead process's temporary files now, and, once serving, the photos it
 * stored for surveys it never committed (only files written before this
 * process started: its own are never touched). Decision 028.
 */
async function prepareAfterRestart(runtime: Runtime, startedAt: number): Promise<void> {
  await removeStaleTempFiles(runtime.env.DATA_DIR, { all: false });
  // The lone process that died held every charger's socket.
  await markAllDisconnected(runtime);
  setTimeout(() => void sweepOrphanPhotos(runtime, startedAt), 0);
}

/** A storage problem must not keep the server down: /healthz reports it. */
async function sweepOrphanPhotos(runtime: Runtime, writtenBefore: number): Promise<void> {
  try {
    const orphans = await removeOrphanPhotos(runtime, Date.now(), writtenBefore);
    if (orphans.removed.length > 0)
      runtime.log.warn(
        { removed: orphans.removed.length, checked: orphans.checked },
        "removed photo files no survey refers to",
      );
    const quotes = await removeOrphanQuotes(runtime, Date.now(), writtenBefore);
    if (quotes.removed.length > 0)
      runtime.log.warn({ removed: quotes.removed.length }, "removed connection quotes no application refers to");
  } catch (error) {
    runtime.log.error({ err: error }, "could not check for files no record refers to");
  }
}

/**
 * Validates the environment, opens the database (migrating it and running
 * prepareData when `prepare` is "full"), and returns the Express app to
 * listen with. From here on, an error nothing handled stops this process
 * after recording it (~/lib/faults.server); the supervisor starts another.
 */
export async function startServer(options: ServerOptions): Promise<StartedServer> {
  const startedAt = Date.now();
  const env = loadEnv();
  const log = createLogger(env.LOG_LEVEL);
  stopOnFault("serving process", log, exitTellingSupervisor);
  const runtime = await openRuntime(env, log, { migrate: options.prepare === "full" });
  setRuntime(runtime);
  if (options.prepare === "full") await prepareData(runtime);
  if (options.prepare === "restart") await prepareAfterRestart(runtime, startedAt);
  stopOutbox = startOutboxWorker(runtime, env.OUTBOX_POLL_SECONDS * 1000);
  stopReminders = startApplyByReminders(runtime, 60 * 60_000, env.APPLY_BY_REMINDER_START_SECONDS * 1000);
  stopAlerts = startAlertWatch(runtime, env.ALERTS_INTERVAL_SECONDS * 1000);
  // Each linked depot's OpenADR VTN polled for the network's limits and flexibility requests (issue 60).
  stopOpenAdr = startNetworkWork(runtime);
  setPhotoWorkers(env.PHOTO_WORKERS);
  // Password hashing and photo decoding run in a lower-priority child process (in development, in this one).
  configureBackground({ script: options.dev ? null : path.resolve("build/server/background-process.js"), log });
  // Charging plans are computed in worker threads from the built script (in development, in this thread).
  setPlanWorkerScript(options.dev ? null : path.resolve("build/server/plan-worker.js"));
  // On PostgreSQL a roadmap's depot-years are jobs any instance's worker takes (decision 033).
  stopRoadmapQueue = await startRoadmapQueue(runtime);
  log.info({ database: runtime.database.description, dataDir: env.DATA_DIR, appUrl: env.APP_URL }, "runtime ready");
  const ocpp = startBoxCharge(runtime);
  return {
    app: await createApp(options),
    upgrade: ocpp.handleUpgrade,
    closeSockets: async () => {
      closeLiveStreams();
      await stopBoxCharge();
    },
    port: env.PORT,
    host: env.HOST,
    processes: options.dev ? 1 : env.WEB_CONCURRENCY,
    log,
  };
}

let stopOutbox: (() => void) | undefined;
let stopReminders: (() => void) | undefined;
let stopAlerts: (() => void) | undefined;
let stopOpenAdr: (() => void) | undefined;
let stopRoadmapQueue: (() => Promise<void>) | undefined;

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
  stopReminders?.();
  stopAlerts?.();
  stopOpenAdr?.();
  await stopRoadmapQueue?.();
  await stopBoxCharge();
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
