// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API loaded before it: every
// use of the library in the product comes through here so the order holds.
import "reflect-metadata";

import * as x509 from "@peculiar/x509";

x509.cryptoProvider.set(globalThis.crypto);

export { x509 };
