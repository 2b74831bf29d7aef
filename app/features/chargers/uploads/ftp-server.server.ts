/**
 * The FTP server for chargers that upload their diagnostics only over FTP (issue 59, item 4; most 1.6 chargers,
 * SAP's simulator among them). ftp-srv carries the protocol; this module lets in only a one-time user (`u<id>` with
 * its request's token as the password) and gives it a file system that takes one file, into the file store, and
 * nothing else: no listing, no reading, no deleting. Decision 062. It takes AUTH TLS (explicit FTPS), and an upload
 * asked over FTPS logs in only after it (decision 075).
 *
 * One serving process holds the port: it is bound exclusively (not shared through the cluster's primary, which would
 * spread a passive transfer's connections over processes), and a process that finds it taken tries again each minute,
 * so another takes over when the holder dies.
 */
import type { Server } from "node:net";
import { Writable } from "node:stream";
import type { FileSystem } from "ftp-srv";

import type { Runtime } from "~/lib/runtime.server";

import { MAX_UPLOAD_MB } from "../file-limits";
import { serverIdentity } from "../security/tls-listener.server";
import { receiveUpload, uploadOpenFor } from "./charger-uploads.server";
import { setFtpAddress } from "./ftp-address";

type Deps = Pick<Runtime, "database" | "storage" | "log" | "env">;

export type FtpSettings = { port: number; host: string; passive: [number, number]; passiveAddress: string };

/** FTP_PORT ("off" or empty: no FTP), FTP_HOST (as chargers reach it), FTP_PASSIVE_PORTS, FTP_PASSIVE_ADDRESS. */
export function ftpSettings(env: Runtime["env"]): FtpSettings | null {
  if (!env.FTP_PORT) return null;
  return {
    port: env.FTP_PORT,
    host: env.FTP_HOST ?? new URL(env.APP_URL).hostname,
    passive: env.FTP_PASSIVE_PORTS,
    passiveAddress: env.FTP_PASSIVE_ADDRESS,
  };
}

export function startFtpServer(deps: Deps): () => Promise<void> {
  const settings = ftpSettings(deps.env);
  if (!settings) return async () => undefined;
  // The address is known to every process: a request asked in one may be uploaded to the one holding the port.
  setFtpAddress({ host: settings.host, port: settings.port });
  let server: { close: () => Promise<unknown> } | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // Made once per process (not at each minute's try for the port).
  let identity: ReturnType<typeof serverIdentity> | undefined;
  const tryListen = async () => {
    const { FtpSrv, FileSystem } = await import("ftp-srv");
    // Explicit FTPS (AUTH TLS) with the certificate chargers are shown on the TLS listener; the data channel of a
    // connection that said AUTH TLS is TLS too (ftp-srv's passive connector).
    identity ??= serverIdentity(deps, [settings.host]).catch((error: unknown) => {
      identity = undefined;
      throw error;
    });
    const tls = { ...(await identity), minVersion: "TLSv1.2" as const };
    // ftp-srv stops the process on SIGTERM/SIGINT itself; the app's own shutdown closes it instead.
    const before = new Map(["SIGTERM", "SIGINT", "SIGQUIT"].map((s) => [s, process.listeners(s as NodeJS.Signals)]));
    const ftp = new FtpSrv({
      url: `ftp://0.0.0.0:${settings.port}`,
      pasv_url: settings.passiveAddress,
      pasv_min: settings.passive[0],
      pasv_max: settings.passive[1],
      anonymous: false,
      tls,
      greeting: ["Electrify: charger uploads only"],
      timeout: 60_000,
      log: quietLog(deps.log),
    });
    for (const [signal, kept] of before)
      for (const listener of process.listeners(signal as NodeJS.Signals))
        if (!kept.includes(listener)) process.removeListener(signal, listener);
    ftp.on("login", ({ connection, username, password }, resolve, reject) => {
      const id = /^u(\d{1,12})$/.exec(username)?.[1];
      void uploadOpenFor(deps, Number(id), password).then(
        (open) =>
          !open
            ? reject(new Error("Not an upload this product asked for"))
            : open.transport === "ftps" && !connection.secure
              ? // Asked over FTPS: its password must not have crossed in clear, nor may its file.
                reject(new Error("This upload is over FTPS: say AUTH TLS first"))
              : resolve({ fs: oneUpload(connection, Number(id), password, deps, FileSystem), cwd: "/" }),
        () => reject(new Error("Try again later")),
      );
    });
    ftp.on("client-error", ({ error }) => deps.log.debug({ err: error }, "an FTP client's error"));
    // Bound exclusively (see above): ftp-srv's listen() would share the port through the cluster's primary.
    const raw = (ftp as unknown as { server: Server }).server;
    await new Promise<void>((resolve, reject) => {
      raw.once("error", reject);
      raw.listen({ port: settings.port, host: "0.0.0.0", exclusive: true }, () => {
        raw.removeListener("error", reject);
        resolve();
      });
    });
    server = ftp;
    deps.log.info({ port: settings.port }, "FTP for charger uploads is listening");
  };
  const attempt = () =>
    void tryListen().catch((error: unknown) => {
      if (stopped) return;
      deps.log.debug({ err: error }, "FTP port held elsewhere or unavailable; trying again in a minute");
      retry = setTimeout(attempt, 60_000);
      retry.unref();
    });
  attempt();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    setFtpAddress(null);
    await server?.close().catch(() => undefined);
  };
}

type FileSystemClass = typeof FileSystem;

/** Makes the one-upload file system on ftp-srv's own class (loaded only where FTP is on). */
function OneUploadFactory(Base: FileSystemClass) {
  return class extends Base {
    private taken = false;
    constructor(
      connection: ConstructorParameters<FileSystemClass>[0],
      private readonly uploadId: number,
      private readonly token: string,
      private readonly deps: Deps,
    ) {
      super(connection, { root: "/", cwd: "/" });
    }
    override currentDirectory() {
      return "/";
    }
    override async get(fileName: string) {
      return {
        name: fileName,
        isDirectory: () => fileName === "/" || fileName === ".",
        size: 0,
        mtime: new Date(),
        mode: 0o600,
      };
    }
    override async list() {
      return [];
    }
    override async chdir() {
      return "/";
    }
    override write(fileName: string) {
      if (this.taken) throw new Error("One file per upload");
      this.taken = true;
      const limit = MAX_UPLOAD_MB * 1024 * 1024;
      const chunks: Buffer[] = [];
      let size = 0;
      const { deps, token, uploadId } = this;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > limit) return done(new Error(`Larger than ${MAX_UPLOAD_MB} MB`));
          chunks.push(chunk);
          done();
        },
        final(done) {
          const file = { bytes: new Uint8Array(Buffer.concat(chunks)), fileName: fileName.split("/").pop() ?? null };
          receiveUpload(deps, token, file, uploadId).then(
            (kept) => done(kept ? undefined : new Error("The upload is no longer open")),
            (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
          );
        },
      });
      return { stream: sink, clientPath: fileName };
    }
    override read(): never {
      throw new Error("Nothing to read here");
    }
    override delete(): never {
      throw new Error("Nothing to delete here");
    }
    override mkdir(): never {
      throw new Error("No directories here");
    }
    override rename(): never {
      throw new Error("Nothing to rename here");
    }
    override chmod(): never {
      throw new Error("Not here");
    }
  };
}

const classes = new WeakMap<FileSystemClass, ReturnType<typeof OneUploadFactory>>();
function oneUpload(...args: [ConstructorParameters<FileSystemClass>[0], number, string, Deps, FileSystemClass]) {
  const [connection, id, token, deps, Base] = args;
  let Made = classes.get(Base);
  if (!Made) classes.set(Base, (Made = OneUploadFactory(Base)));
  return new Made(connection, id, token, deps);
}

/** ftp-srv logs through a bunyan-like logger: its chatter goes to the app's log at debug. */
function quietLog(log: Deps["log"]) {
  const child = log.child({ component: "ftp" });
  const at =
    (level: "debug" | "warn") =>
    (...args: unknown[]) =>
      child[level](args.map(String).join(" "));
  const logger = {
    trace: at("debug"),
    debug: at("debug"),
    info: at("debug"),
    warn: at("warn"),
    error: at("warn"),
    fatal: at("warn"),
    child: () => logger,
  };
  return logger;
}
