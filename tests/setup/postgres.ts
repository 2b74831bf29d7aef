import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../support/free-port";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Starts a throwaway PostgreSQL cluster on a loopback port for the integration
 * tests (each test file makes its own database in it), unless
 * TEST_DATABASE_URL points at a server to use instead.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide("postgresUrl", given);
    return;
  }
  const bin = findPostgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), "electrify-pg-"));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  // PostgreSQL refuses to run as root; the cluster belongs to the postgres user.
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  run(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  run(path.join(bin, "pg_ctl"), [
    "-D", dataDir, "-l", path.join(dir, "server.log"), "-w", "-t", "60",
    "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "start",
  ]);
  project.provide("postgresUrl", `postgres://postgres@127.0.0.1:${port}/postgres`);

  return () => {
    try {
      run(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

function findPostgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "initdb"))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0]) return path.join(root, versions[0], "bin");
  throw new Error(
    "PostgreSQL server binaries were not found under /usr/lib/postgresql. Install Debian's 'postgresql' package, or set TEST_DATABASE_URL to a server the tests may create databases on.",
  );
}
