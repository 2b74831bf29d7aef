import net from "node:net";
import fc from "fast-check";

/**
 * Request bodies as any client could send them, for the body fuzzer
 * (tests/integration/body-fuzz.test.ts): urlencoded and multipart forms with
 * known, unknown, duplicated and oversized field and file names, files where
 * fields are expected, malformed boundaries and headers, wrong lengths, sent
 * in random chunks and cut off at a random byte.
 */

export type Encoding = "urlencoded" | "multipart";

type Part = {
  name: string;
  /** A file part (multipart only), with this file name, or none. */
  file: boolean;
  filename: string | null;
  contentType: string | null;
  value: Uint8Array;
  /** How many times the part is sent. */
  copies: number;
};

export type FuzzCase = {
  encoding: Encoding;
  parts: Part[];
  /** How the body is broken, if at all. */
  malformation: (typeof MALFORMATIONS)[number];
  /** What Content-Length says. */
  length: "exact" | "missing" | "larger" | "smaller" | "chunked" | "huge";
  /** Posted as a hydrated page does (".data") or as a plain form. */
  data: boolean;
  origin: boolean;
  json: boolean;
  /** Disconnect after this fraction of the request's bytes (headers included), or send it all. */
  cutAt: number | null;
  /** Sizes of the writes, used in turn. */
  chunks: number[];
};

const MALFORMATIONS = [
  "none",
  "wrong-boundary",
  "no-boundary-parameter",
  "quoted-boundary",
  "no-closing-boundary",
  "preamble",
  "missing-crlf",
  "header-garbage",
  "unterminated-headers",
  "random-bytes",
  "bad-percent-escapes",
  "charset",
] as const;

const BOUNDARY = "----fuzzBoundary7MA4YWxkTrZu0gW";

const bytesOf = (text: string) => new TextEncoder().encode(text);

export function fuzzCase(encoding: Encoding, knownNames: string[]): fc.Arbitrary<FuzzCase> {
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...knownNames) },
    { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 6000 }).map((n) => "n".repeat(n)) },
    { weight: 1, arbitrary: fc.constantFrom("", "photo", "file", "upload", "__proto__", "constructor", "a[b]") },
  );
  const value = fc.oneof(
    { weight: 5, arbitrary: fc.string({ maxLength: 40 }).map(bytesOf) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 6000 }) },
    { weight: 1, arbitrary: fc.constantFrom("true", "0", "-1", "1e309", "{}", "[]", "null", "<b>x</b>").map(bytesOf) },
    { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 300_000 }).map((n) => new Uint8Array(n).fill(0x41)) },
  );
  const part: fc.Arbitrary<Part> = fc.record({
    name,
    file: encoding === "multipart" ? fc.boolean() : fc.constant(false),
    filename: fc.option(fc.oneof(fc.constantFrom("a.jpg", "trips.csv", "../../etc/passwd", ""), fc.string()), {
      nil: null,
    }),
    contentType: fc.option(fc.constantFrom("image/jpeg", "text/csv", "application/octet-stream", "x/\u0000"), {
      nil: null,
    }),
    value,
    copies: fc.oneof(
      { weight: 8, arbitrary: fc.constant(1) },
      { weight: 2, arbitrary: fc.integer({ min: 2, max: 4 }) },
    ),
  });
  return fc.record({
    encoding: fc.constant(encoding),
    parts: fc.array(part, { maxLength: 10 }),
    malformation: fc.oneof(
      { weight: 10, arbitrary: fc.constant("none" as const) },
      { weight: 5, arbitrary: fc.constantFrom(...MALFORMATIONS) },
    ),
    length: fc.oneof(
      { weight: 12, arbitrary: fc.constant("exact" as const) },
      { weight: 1, arbitrary: fc.constantFrom("missing", "larger", "smaller", "chunked", "huge") },
    ),
    data: fc.boolean(),
    origin: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    json: fc.boolean(),
    // A third of the cases are cut off.
    cutAt: fc.oneof(
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
    ),
    chunks: fc.array(fc.integer({ min: 1, max: 8192 }), { minLength: 1, maxLength: 5 }),
  }) as fc.Arbitrary<FuzzCase>;
}

function urlencodedBody(fuzz: FuzzCase): Uint8Array {
  const escape = (bytes: Uint8Array) =>
    [...bytes]
      .map((byte) =>
        /[A-Za-z0-9_.-]/.test(String.fromCharCode(byte))
          ? String.fromCharCode(byte)
          : `%${byte.toString(16).padStart(2, "0")}`,
      )
      .join("");
  const pairs = fuzz.parts.flatMap((part) =>
    Array.from({ length: part.copies }, () => `${escape(bytesOf(part.name))}=${escape(part.value)}`),
  );
  let text = pairs.join("&");
  if (fuzz.malformation === "bad-percent-escapes") text = `${text}&%zz=%&=%4&%%%=1`;
  if (fuzz.malformation === "random-bytes") return new Uint8Array([...bytesOf(text), 0xff, 0x00, 0xfe, 0x26, 0x3d]);
  return bytesOf(text);
}

function multipartBody(fuzz: FuzzCase): Uint8Array {
  const chunks: Uint8Array[] = [];
  const push = (text: string) => chunks.push(bytesOf(text));
  const boundary = fuzz.malformation === "wrong-boundary" ? "not-the-boundary" : BOUNDARY;
  if (fuzz.malformation === "preamble") push("this is a preamble\r\n\r\n");
  for (const part of fuzz.parts) {
    for (let copy = 0; copy < part.copies; copy++) {
      const quotedName = part.name.replace(/"/g, '\\"');
      let disposition = `Content-Disposition: form-data; name="${quotedName}"`;
      if (part.file) disposition += `; filename="${(part.filename ?? "").replace(/"/g, "%22")}"`;
      push(`--${boundary}\r\n${disposition}\r\n`);
      if (part.contentType) push(`Content-Type: ${part.contentType}\r\n`);
      if (fuzz.malformation === "header-garbage") push("X-\u0001Garbage : : \r\nContent-Disposition\r\n");
      if (fuzz.malformation === "unterminated-headers") continue;
      push(fuzz.malformation === "missing-crlf" ? "\r\n" : "\r\n");
      chunks.push(part.value);
      push(fuzz.malformation === "missing-crlf" ? "" : "\r\n");
    }
  }
  if (fuzz.malformation !== "no-closing-boundary") push(`--${boundary}--\r\n`);
  if (fuzz.malformation === "random-bytes") chunks.push(new Uint8Array([0xff, 0x00, 0x2d, 0x2d, 0x0d, 0x0a]));
  return Buffer.concat(chunks);
}

function contentType(fuzz: FuzzCase): string {
  if (fuzz.encoding === "urlencoded")
    return fuzz.malformation === "charset"
      ? "application/x-www-form-urlencoded; charset=utf-16le"
      : "application/x-www-form-urlencoded";
  if (fuzz.malformation === "no-boundary-parameter") return "multipart/form-data";
  if (fuzz.malformation === "quoted-boundary") return `multipart/form-data; boundary="${BOUNDARY}"; charset=latin1`;
  if (fuzz.malformation === "charset") return `multipart/form-data; boundary=${BOUNDARY}; charset=utf-16`;
  return `multipart/form-data; boundary=${BOUNDARY}`;
}

/** The whole request as bytes, and where it may be cut. */
export function requestBytes(fuzz: FuzzCase, target: { path: string; host: string; origin: string; cookie: string }) {
  const body = fuzz.encoding === "urlencoded" ? urlencodedBody(fuzz) : multipartBody(fuzz);
  const headers = [
    `POST ${target.path} HTTP/1.1`,
    `Host: ${target.host}`,
    "Connection: close",
    `Content-Type: ${contentType(fuzz)}`,
  ];
  if (fuzz.origin) headers.push(`Origin: ${target.origin}`);
  if (target.cookie) headers.push(`Cookie: ${target.cookie}`);
  if (fuzz.json) headers.push("Accept: application/json");
  let sent = body;
  if (fuzz.length === "exact") headers.push(`Content-Length: ${body.length}`);
  if (fuzz.length === "larger") headers.push(`Content-Length: ${body.length + 1 + (body.length >> 1)}`);
  if (fuzz.length === "smaller") headers.push(`Content-Length: ${body.length >> 1}`);
  if (fuzz.length === "huge") headers.push("Content-Length: 99999999999");
  if (fuzz.length === "chunked") {
    headers.push("Transfer-Encoding: chunked");
    sent = Buffer.concat([bytesOf(`${body.length.toString(16)}\r\n`), body, bytesOf("\r\n0\r\n\r\n")]);
  }
  return Buffer.concat([bytesOf(`${headers.join("\r\n")}\r\n\r\n`), sent]);
}

export type Sent = { status: number | null; cut: boolean; timedOut: boolean };

/**
 * Sends the request over a socket of its own in the case's chunks; cut off
 * where the case says (and, when Content-Length promises more than is sent,
 * once it is all written). Resolves with the answer's status, if any came.
 */
export function sendCase(port: number, request: Buffer, fuzz: FuzzCase, timeoutMs = 15_000): Promise<Sent> {
  const cutAt = fuzz.cutAt === null ? null : Math.floor(fuzz.cutAt * request.length);
  const hangs = fuzz.length === "larger" || fuzz.length === "huge";
  return new Promise((resolve) => {
    let answer = "";
    let settled = false;
    const socket = net.connect(port, "127.0.0.1");
    const finish = (timedOut = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      resolve({ status: match ? Number(match[1]) : null, cut: cutAt !== null, timedOut });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => finish());
    socket.on("close", () => finish());
    socket.on("connect", async () => {
      const end = cutAt ?? request.length;
      let offset = 0;
      for (let i = 0; offset < end && !settled; i++) {
        const size = Math.min(fuzz.chunks[i % fuzz.chunks.length]!, end - offset);
        const wrote = socket.write(request.subarray(offset, offset + size));
        offset += size;
        if (!wrote) await new Promise((drained) => socket.once("drain", drained));
        // Now and then a pause, so that the server reads the body in pieces.
        if (i % 3 === 2) await new Promise((later) => setImmediate(later));
      }
      if (cutAt !== null) {
        // Long enough for the server to have started on the body; then gone, as a phone out of signal is.
        setTimeout(() => finish(), 5);
      } else if (hangs) {
        setTimeout(() => finish(), 20);
      }
    });
  });
}

export function describeCase(fuzz: FuzzCase): string {
  const parts = fuzz.parts
    .map(
      (part) =>
        `${part.file ? "file" : "field"} ${JSON.stringify(part.name.slice(0, 30))}×${part.copies} (${part.value.length} B)`,
    )
    .join(", ");
  return `${fuzz.encoding}, ${fuzz.malformation}, length ${fuzz.length}, ${fuzz.cutAt === null ? "sent whole" : `cut at ${(fuzz.cutAt * 100).toFixed(1)} %`}, parts: [${parts}]`;
}
