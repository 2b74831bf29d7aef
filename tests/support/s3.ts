import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

import { freePort } from "./free-port";

/** A local S3-compatible server (s3rver) with one bucket, on loopback. */
export async function startS3Server(bucket = "electrify-test") {
  const port = await freePort();
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "electrify-s3-")),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_REGION: "us-east-1",
    },
    stop: () => server.close(),
  };
}
