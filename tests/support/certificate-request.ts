import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * A key and certificate request made by OpenSSL's command line, as a station makes its own (not by the library the
 * server signs with): an ECDSA P-256 key in `dir` as `<name>.key` (kept for TLS tests), the request as PEM.
 */
export function certificateRequest(dir: string, name: string, commonName: string) {
  const key = path.join(dir, `${name}.key`);
  const csr = path.join(dir, `${name}.csr`);
  execFileSync(
    "openssl",
    [
      "req",
      "-new",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-keyout",
      key,
      "-out",
      csr,
      "-subj",
      `/CN=${commonName}/O=Volt Ltd`,
    ],
    { stdio: ["ignore", "ignore", "ignore"] },
  );
  return { key: readFileSync(key, "utf8"), csr: readFileSync(csr, "utf8") };
}
