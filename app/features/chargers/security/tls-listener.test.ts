import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";
import { describe, expect, it } from "vitest";

import type { Runtime } from "~/lib/runtime.server";

import { serverIdentity } from "./tls-listener.server";

describe("the certificate chargers are shown", () => {
  it("is the operator's own when OCPP_TLS_CERT and OCPP_TLS_KEY are set: that certificate with that key", async () => {
    // Made by OpenSSL's command line, as an operator would (not by the product's authority).
    const dir = mkdtempSync(path.join(tmpdir(), "operator-tls-"));
    const [cert, key] = [path.join(dir, "op.crt"), path.join(dir, "op.key")];
    execFileSync("openssl", [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"],
      ...["-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=chargers.example"],
    ]);
    const env = { OCPP_TLS_CERT: cert, OCPP_TLS_KEY: key } as Runtime["env"];
    const identity = await serverIdentity({ env, database: undefined as never }, ["chargers.example"]);
    expect(identity).toEqual({ cert: readFileSync(cert, "utf8"), key: readFileSync(key, "utf8") });
    // Node takes the pair as a TLS server's identity (a mismatched pair, or a key read as the certificate, throws).
    expect(() => tls.createSecureContext(identity)).not.toThrow();
  });
});
