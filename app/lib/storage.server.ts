import { createReadStream } from "node:fs";
import { access, constants, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Private file storage under $DATA_DIR/files. Keys are relative paths made by
 * the server (never taken from a request as they are). Writes go to a
 * temporary file that is flushed and then renamed, so a crash never leaves a
 * half-written file under a real key.
 */
export type FileStorage = {
  put: (key: string, data: Uint8Array) => Promise<void>;
  read: (key: string) => Promise<{ stream: Readable; bytes: number } | null>;
  remove: (key: string) => Promise<void>;
  /** Throws when files can be neither read nor written (for /healthz). */
  check: () => Promise<void>;
  /** Every stored file under a prefix, with when it was written (for removing files nothing refers to). */
  list: (prefix: string) => Promise<{ key: string; modifiedAt: Date }[]>;
  /** Whether another process could be writing here right now (a shared bucket), so fresh files may be uploads in flight. */
  shared: boolean;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, "files");
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      const handle = await open(temporary, "wx", 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    },
    async read(key) {
      const target = resolve(key);
      try {
        const info = await stat(target);
        return { stream: createReadStream(target), bytes: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
    async list(prefix) {
      const base = resolve(prefix.replace(/\/+$/, ""));
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const files = entries.filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"));
      return Promise.all(
        files.map(async (entry) => {
          const full = path.join(entry.parentPath, entry.name);
          return { key: path.relative(root, full).split(path.sep).join("/"), modifiedAt: (await stat(full)).mtime };
        }),
      );
    },
    shared: false,
  };
}

export type S3Config = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/**
 * The same storage in an S3-compatible bucket, for installations with several
 * app instances. Objects stay private: the app streams them to viewers it has
 * checked, never hands out bucket URLs.
 */
export function createS3Storage(config: S3Config): FileStorage {
  // The SDK is loaded only where a bucket is configured (some 0.15 s of every start otherwise, decision 040).
  const s3 = import("@aws-sdk/client-s3").then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: Boolean(config.endpoint),
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    }),
  }));
  const check = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };
  return {
    async put(key, data) {
      const { sdk, client } = await s3;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: check(key),
          Body: data,
          ContentLength: data.byteLength,
        }),
      );
    },
    async read(key) {
      const { sdk, client } = await s3;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: check(key) }));
        return { stream: object.Body as Readable, bytes: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await s3;
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: check(key) }));
    },
    async check() {
      const { sdk, client } = await s3;
      await client.send(new sdk.HeadBucketCommand({ Bucket: config.bucket }));
    },
    async list(prefix) {
      const { sdk, client } = await s3;
      const found: { key: string; modifiedAt: Date }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: config.bucket, Prefix: check(prefix), ContinuationToken: token }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) found.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    shared: true,
  };
}
