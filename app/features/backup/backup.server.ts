import { existsSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import * as tar from "tar";

import type { Env } from "~/lib/env.server";
import type { Runtime } from "~/lib/runtime.server";

/**
 * Backups of an embedded installation: one .tar.gz holding a consistent copy
 * of the SQLite database (SQLite's VACUUM INTO, taken while the server runs),
 * the auth secret, every uploaded file, and a manifest with what it holds.
 * PostgreSQL and S3 have their own tools (pg_dump, bucket versioning or
 * replication); for those the command says so instead of pretending.
 */
export const BACKUP_FORMAT = "electrify-backup";
const DATABASE_FILE = "electrify.sqlite";

export class BackupError extends Error {
  override name = "BackupError";
}

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  migrations: string[];
  counts: { users: number; depots: number; photos: number; files: number; bytes: number };
  authSecretIncluded: boolean;
};

async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith(".tmp"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function countRows(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const count = (table: string) =>
      Number((db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n);
    const integrity = (db.prepare("pragma integrity_check").get() as { integrity_check: string }).integrity_check;
    const migrations = (
      db.prepare(`select name from "kysely_migration" order by name`).all() as { name: string }[]
    ).map((row) => row.name);
    const keys = (
      db
        .prepare(`select storage_key as key from survey_photos union all select thumbnail_key from survey_photos`)
        .all() as { key: string }[]
    ).map((row) => row.key);
    return {
      users: count("user"),
      depots: count("depots"),
      photos: count("survey_photos"),
      integrity,
      migrations,
      keys,
    };
  } finally {
    db.close();
  }
}

export async function createBackup(
  runtime: Pick<Runtime, "database">,
  env: Pick<Env, "DATA_DIR" | "DATABASE_URL" | "S3_BUCKET" | "AUTH_SECRET">,
  outFile: string,
): Promise<BackupManifest> {
  if (runtime.database.engine !== "sqlite" || env.DATABASE_URL) {
    throw new BackupError(
      'This installation uses PostgreSQL: back up the database with pg_dump (e.g. pg_dump --format=custom --file=electrify.dump "$DATABASE_URL"), restore with pg_restore, and keep AUTH_SECRET and the S3 bucket (versioned or replicated) alongside it. The backup command covers the embedded SQLite setup.',
    );
  }
  if (env.S3_BUCKET) {
    throw new BackupError(
      `Uploaded files live in the S3 bucket ${env.S3_BUCKET}: back them up with the bucket's versioning or replication, and the database with SQLite's online backup (sqlite3 ${path.join(env.DATA_DIR, DATABASE_FILE)} ".backup copy.sqlite"). The backup command covers the embedded setup with local files.`,
    );
  }
  const staging = await mkdtemp(path.join(env.DATA_DIR, ".backup-"));
  try {
    // A consistent snapshot while the server keeps running (readers and the writer are not blocked for long).
    const snapshot = path.join(staging, DATABASE_FILE);
    await sql.raw(`VACUUM INTO '${snapshot.replaceAll("'", "''")}'`).execute(runtime.database.db);
    const rows = await countRows(snapshot);
    if (rows.integrity !== "ok")
      throw new BackupError(`The database copy failed its integrity check: ${rows.integrity}`);
    // Files after the snapshot: every file the snapshot refers to was written before it.
    const filesRoot = path.join(env.DATA_DIR, "files");
    const files = await listFiles(filesRoot);
    if (files.length > 0)
      await cp(filesRoot, path.join(staging, "files"), {
        recursive: true,
        filter: (source) => !source.endsWith(".tmp"),
      });
    let bytes = 0;
    for (const file of files) bytes += (await stat(path.join(filesRoot, file))).size;
    const secretFile = path.join(env.DATA_DIR, "auth-secret");
    const authSecretIncluded = existsSync(secretFile);
    if (authSecretIncluded) await cp(secretFile, path.join(staging, "auth-secret"));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      migrations: rows.migrations,
      counts: { users: rows.users, depots: rows.depots, photos: rows.photos, files: files.length, bytes },
      authSecretIncluded,
    };
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = (await readdir(staging)).sort();
    await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    const partial = `${path.resolve(outFile)}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await rename(partial, path.resolve(outFile));
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into a data directory that has no database yet (or,
 * with force, replaces what is there). Checks the archive first (format,
 * the database's integrity, every photo's file) so a bad backup changes
 * nothing.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const target = path.resolve(dataDir);
  if (existsSync(path.join(target, DATABASE_FILE)) && !options.force) {
    throw new BackupError(
      `${target} already holds a database; restore into an empty directory, or add --force to replace it (stop the server first).`,
    );
  }
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}`);
  await mkdir(target, { recursive: true });
  const staging = await mkdtemp(path.join(target, ".restore-"));
  try {
    // Only plain files and directories, and nothing outside the staging directory.
    await tar.extract({
      file,
      cwd: staging,
      strict: true,
      filter: (entryPath, entry) =>
        !entryPath.split("/").includes("..") &&
        (!("type" in entry) || entry.type === "File" || entry.type === "Directory"),
    });
    const manifestPath = path.join(staging, "manifest.json");
    if (!existsSync(manifestPath)) throw new BackupError("This is not an Electrify backup (no manifest.json).");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
      throw new BackupError("This is not an Electrify backup this version can restore.");
    const rows = await countRows(path.join(staging, DATABASE_FILE));
    if (rows.integrity !== "ok")
      throw new BackupError(`The backup's database failed its integrity check: ${rows.integrity}`);
    const missing = rows.keys.filter((key) => !existsSync(path.join(staging, "files", key)));
    if (missing.length > 0)
      throw new BackupError(`The backup lacks ${missing.length} photo file(s), e.g. ${missing[0]}`);
    if (
      rows.users !== manifest.counts.users ||
      rows.depots !== manifest.counts.depots ||
      rows.photos !== manifest.counts.photos
    ) {
      throw new BackupError("The backup's database does not match its manifest.");
    }
    // Replace: database (and its WAL files), files, secret.
    for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, "files"])
      await rm(path.join(target, name), { recursive: true, force: true });
    await rename(path.join(staging, DATABASE_FILE), path.join(target, DATABASE_FILE));
    if (existsSync(path.join(staging, "files"))) await rename(path.join(staging, "files"), path.join(target, "files"));
    if (manifest.authSecretIncluded) {
      await cp(path.join(staging, "auth-secret"), path.join(target, "auth-secret"));
      await chmod(path.join(target, "auth-secret"), 0o600);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
