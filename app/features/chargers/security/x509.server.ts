/**
 * @peculiar/x509, loaded when first needed: it takes some 150 ms to load (tsyringe, the ASN.1 schemas), which a
 * serving process that never signs a certificate should not pay at every start (decision 040). It resolves its parts
 * through tsyringe, which needs the Reflect metadata API loaded before it, so every use comes through here.
 */
import type * as X509 from "@peculiar/x509";

let loaded: Promise<typeof X509> | null = null;

export function loadX509(): Promise<typeof X509> {
  loaded ??= import("reflect-metadata").then(async () => {
    const x509 = await import("@peculiar/x509");
    x509.cryptoProvider.set(globalThis.crypto);
    return x509;
  });
  return loaded;
}
