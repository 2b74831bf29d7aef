/**
 * The product's certificate authority for its chargers (issue 59, item 6, decision 064): one ECDSA P-256 key and a
 * self-signed certificate, made at first need and kept in `charger_authority` so every serving process signs with the
 * same one. It signs chargers' certificate requests (charger-certificates.server.ts) and, unless the operator gives
 * their own, the TLS listener's certificate (tls-listener.server.ts). @peculiar/x509 builds the certificates over
 * Node's WebCrypto.
 */
import { webcrypto } from "node:crypto";
import type { Extension, PublicKey, X509Certificate } from "@peculiar/x509";

import type { Runtime } from "~/lib/runtime.server";

import { loadX509 } from "./x509.server";

type Deps = Pick<Runtime, "database">;

export type Authority = { certificate: X509Certificate; pem: string; key: webcrypto.CryptoKey };

const EC = { name: "ECDSA", namedCurve: "P-256" } as const;
const SIGNING = { name: "ECDSA", hash: "SHA-256" } as const;
const CA_NAME = "CN=Electrify charger CA, O=Electrify";
const CA_YEARS = 10;

// One authority per database (the tests run several in one process), read once.
const loaded = new WeakMap<object, Promise<Authority>>();

export function chargerAuthority(deps: Deps): Promise<Authority> {
  const key = deps.database.db as object;
  let authority = loaded.get(key);
  if (!authority) {
    authority = loadOrCreate(deps);
    loaded.set(key, authority);
    authority.catch(() => loaded.delete(key));
  }
  return authority;
}

async function loadOrCreate(deps: Deps): Promise<Authority> {
  const db = deps.database.db;
  let row = await db.selectFrom("charger_authority").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) {
    const made = await createAuthority();
    // Two processes starting at once: the first insert wins and both use it.
    await db
      .insertInto("charger_authority")
      .values({ id: 1, ...made, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
    row = await db.selectFrom("charger_authority").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
  }
  const key = await webcrypto.subtle.importKey("pkcs8", fromPem(row.private_key_pem), EC, false, ["sign"]);
  const x509 = await loadX509();
  return { certificate: new x509.X509Certificate(row.certificate_pem), pem: row.certificate_pem, key };
}

async function createAuthority() {
  const x509 = await loadX509();
  const keys = await webcrypto.subtle.generateKey(EC, true, ["sign", "verify"]);
  const notBefore = new Date(Date.now() - 60_000);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: CA_NAME,
    notBefore,
    notAfter: new Date(notBefore.getTime() + CA_YEARS * 365 * 86_400_000),
    signingAlgorithm: SIGNING,
    keys: keys as unknown as CryptoKeyPair,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey as unknown as CryptoKey),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey("pkcs8", keys.privateKey);
  return { certificate_pem: certificate.toString("pem"), private_key_pem: toPem(pkcs8, "PRIVATE KEY") };
}

/** A certificate the authority signs: for a charger (clientAuth) or for the TLS listener (serverAuth). */
export async function issueCertificate(
  authority: Authority,
  request: {
    subject: string;
    publicKey: PublicKey | webcrypto.CryptoKey;
    days: number;
    use: "client" | "server";
    hosts?: string[];
  },
): Promise<X509Certificate> {
  const x509 = await loadX509();
  const notBefore = new Date(Date.now() - 60_000);
  const usage = x509.ExtendedKeyUsage[request.use === "client" ? "clientAuth" : "serverAuth"];
  const extensions: Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
    new x509.ExtendedKeyUsageExtension([usage]),
    await x509.AuthorityKeyIdentifierExtension.create(authority.certificate),
  ];
  if (request.hosts?.length)
    extensions.push(
      new x509.SubjectAlternativeNameExtension(
        request.hosts.map((host) => ({
          type: /^[\d.]+$/.test(host) || host.includes(":") ? ("ip" as const) : ("dns" as const),
          value: host,
        })),
      ),
    );
  return x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: request.subject,
    issuer: authority.certificate.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + request.days * 86_400_000),
    signingAlgorithm: SIGNING,
    publicKey: request.publicKey as never,
    signingKey: authority.key as unknown as CryptoKey,
    extensions,
  });
}

/** 16 random bytes, the first below 0x80 so the serial is a positive integer as X.509 asks. */
function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return Buffer.from(bytes).toString("hex");
}

export function toPem(der: ArrayBuffer, label: string): string {
  const base64 = Buffer.from(der).toString("base64");
  return `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----\n`;
}

function fromPem(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, ""), "base64");
}

export { EC as AUTHORITY_KEY_ALGORITHM };
