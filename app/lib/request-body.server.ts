/**
 * The one place request bodies are read. Every action reads its form through
 * readForm, and a streaming upload (survey photos) through streamForm; both
 * parse with busboy under limits on fields, field size, files and parts, and
 * both handle the body stream's errors. A client that disconnects mid-body (a
 * phone losing signal in a yard) ends the request with a UserError instead of
 * an unhandled stream error that would stop the server process.
 *
 * Nothing else should touch request.body or request.formData() (the lint
 * forbids it outside this file).
 */
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy, { type FieldInfo, type FileInfo } from "busboy";
import { data } from "react-router";

import { UserError } from "~/lib/user-error";

/** C0 control characters other than tab, line feed and carriage return; PostgreSQL cannot store NUL at all. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const FORM_UNREADABLE = "The form could not be read. Please reload the page and try again.";
export const FORM_INTERRUPTED = "The upload was interrupted before it finished. Please try again.";
export const FORM_HAS_FILES = "This form does not take files.";
export const FORM_HAS_CONTROL_CHARACTERS =
  "The form contains control characters, which cannot be saved. Remove them and try again.";
export const FORM_TOO_MANY_FIELDS = "The form has more fields than this page takes.";
export const FORM_FIELD_TOO_LONG = "One of the fields is too long.";
export const FORM_TOO_MANY_FILES = "The form has more files than this page takes.";

/** True when a text holds control characters no form field should (see CONTROL_CHARACTERS). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A body that cannot be taken, with the message for the user and the HTTP status. */

export type BodyLimits = {
  /** Text fields (default 100). */
  fields?: number;
  /** Bytes in one text field (default 64 KB). */
  fieldSize?: number;
  /** Files (default 0: the form takes none). */
  files?: number;
  /** Bytes in one file (default 0). */
  fileSize?: number;
};

export type FormHandlers = {
  field?: (name: string, value: string, info: FieldInfo) => void;
  /**
   * A file part. Return a promise that settles once `stream` is consumed
   * (`pipeline(stream, somewhere)`), or nothing to skip the part: the reader
   * then drains it. The stream's errors are handled before this is called (a
   * body cut off midway destroys it with an error: the promise rejects,
   * nothing is thrown on the process), and streamForm settles only after
   * every promise returned here has.
   */
  file?: (name: string, stream: Readable, info: FileInfo) => Promise<unknown> | undefined;
  /** A file reached `fileSize`: the rest of it is skipped. */
  fileTooLarge?: (name: string) => void;
};

/** Busboy for the body's content type and the page's limits; a content type it cannot read is the sender's mistake. */
function parserFor(contentType: string, limits: BodyLimits): busboy.Busboy {
  try {
    return busboy({
      headers: { "content-type": contentType },
      // Browsers send file names as UTF-8.
      defParamCharset: "utf8",
      limits: {
        fields: limits.fields ?? 100,
        fieldSize: limits.fieldSize ?? 64 * 1024,
        files: limits.files ?? 0,
        fileSize: limits.fileSize ?? 0,
        parts: (limits.fields ?? 100) + (limits.files ?? 0),
      },
    });
  } catch {
    throw new UserError(FORM_UNREADABLE, { status: 400 });
  }
}

/**
 * Streams a urlencoded or multipart body through busboy. Resolves once the
 * whole body is read and every file consumed; rejects with a UserError when
 * it cannot be (malformed, interrupted, a limit passed, a file that could not
 * be consumed). Most refusals still read the body to its end (the body-size
 * cap in server/body-limits.ts keeps it small), so the connection stays ready
 * for the next request; a form with more fields than the page takes stops
 * being read at once (see tooMany below).
 *
 * No byte sequence can make it throw on the process: every stream busboy
 * makes has an error listener from the moment it exists, skipped parts are
 * drained here rather than by the caller, and a handler that throws fails
 * this request only (tests/integration/body-fuzz.test.ts searches for the
 * exceptions).
 */
export async function streamForm(request: Request, limits: BodyLimits, handlers: FormHandlers): Promise<void> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body) return;
  const parser = parserFor(contentType, limits);
  let failure: UserError | undefined;
  const fail = (error: UserError) => (failure ??= error);
  /** An error a handler threw: a fault of ours, answered as one (500) once the body is done with. */
  let thrown: { error: unknown } | undefined;
  const guarded = (handler: () => void) => {
    try {
      handler();
    } catch (error) {
      thrown ??= { error };
    }
  };
  /** File streams not yet ended, destroyed if the body fails so that no consumer waits forever. */
  const open = new Set<Readable>();
  const consumers: Promise<unknown>[] = [];
  let consumeFailed = false;

  parser.on("field", (name, value, info) => {
    if (failure || thrown) return;
    if (info.valueTruncated || info.nameTruncated) return fail(new UserError(FORM_FIELD_TOO_LONG, { status: 413 }));
    if (hasControlCharacters(name) || hasControlCharacters(value))
      return fail(new UserError(FORM_HAS_CONTROL_CHARACTERS, { status: 400 }));
    guarded(() => handlers.field?.(name, value, info));
  });
  parser.on("file", (name, stream, info) => {
    // Guarded from the moment it exists, whoever reads it: an interrupted body destroys it with an error.
    stream.on("error", () => undefined);
    open.add(stream);
    stream.once("end", () => open.delete(stream));
    stream.once("close", () => open.delete(stream));
    let consumer: Promise<unknown> | undefined;
    if (!handlers.file) {
      if (info.filename !== undefined) fail(new UserError(FORM_HAS_FILES, { status: 400 }));
    } else if (!failure && !thrown && (limits.files ?? 0) > 0) {
      stream.on("limit", () => guarded(() => handlers.fileTooLarge?.(name)));
      guarded(() => (consumer = handlers.file!(name, stream, info)));
    }
    if (consumer) consumers.push(consumer.catch(() => (consumeFailed = true)));
    else stream.resume();
  });
  // A form far larger than the page takes (a million fields) is not read to its end: the answer goes out at
  // once and the connection is closed after it (bodyErrorResponse), so the sender stops.
  let halt: (() => void) | undefined;
  const tooMany = () => {
    fail(new UserError(FORM_TOO_MANY_FIELDS, { status: 413 }));
    halt?.();
  };
  parser.on("fieldsLimit", tooMany);
  parser.on("partsLimit", tooMany);
  parser.on("filesLimit", () => fail(new UserError(FORM_TOO_MANY_FILES, { status: 413 })));

  const source = Readable.fromWeb(request.body as WebReadableStream);
  let stopped: UserError | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      // The client went away mid-body: the parser is destroyed too, which ends any file stream it was feeding.
      source.on("error", (error) => {
        parser.destroy(error);
        reject(new UserError(FORM_INTERRUPTED, { status: 400 }));
      });
      // A body busboy cannot parse: stop feeding it, but leave the connection open so the answer reaches the
      // client (the rest of the body is drained once the response is sent: drainUnreadBodies in server/app.ts).
      parser.on("error", () => {
        source.unpipe(parser);
        reject(new UserError(FORM_UNREADABLE, { status: 400 }));
      });
      parser.once("close", resolve);
      halt = () => {
        source.unpipe(parser);
        resolve();
      };
      source.pipe(parser);
    });
  } catch (error) {
    stopped = error as UserError;
  }
  // A body that failed midway leaves its current file unfinished: end it, so that its consumer settles.
  if (stopped || failure)
    for (const stream of open) stream.destroy(stopped ?? new UserError(failure!.message, { status: failure!.status }));
  await Promise.all(consumers);
  if (thrown) throw thrown.error;
  if (stopped) throw stopped;
  if (failure) throw failure;
  if (consumeFailed) throw new UserError(FORM_UNREADABLE, { status: 400 });
}

/**
 * Reads an action's form. A body that is not a readable form, a file where
 * the form takes none, too many or too long fields, or control characters in
 * a field are refused with a 4xx and a message (shown by the error boundary)
 * before the action looks at any value: nothing is changed. A body-less POST
 * reads as an empty form. Files (only where `limits.files` allows) are held
 * in memory, so their size must be capped by `limits.fileSize`.
 */
export async function readForm(request: Request, limits: BodyLimits = {}): Promise<FormData> {
  const form = new FormData();
  const contentType = request.headers.get("content-type");
  if (!contentType && (request.headers.get("content-length") ?? "0") === "0") return form;
  let tooLarge = false;
  try {
    await streamForm(request, limits, {
      field: (name, value) => form.append(name, value),
      file: (name, stream, info) =>
        buffer(stream).then((bytes) => {
          // A file input left empty arrives as a part with no name and no content.
          if (info.filename || bytes.length > 0)
            form.append(name, new File([new Uint8Array(bytes)], info.filename ?? "", { type: info.mimeType }));
        }),
      fileTooLarge: () => (tooLarge = true),
    });
  } catch (error) {
    throw bodyErrorResponse(error instanceof UserError ? error : new UserError(FORM_UNREADABLE, { status: 400 }));
  }
  if (tooLarge)
    throw bodyErrorResponse(
      new UserError(`The file is too large: the limit is ${Math.round((limits.fileSize ?? 0) / 1024 / 1024)} MB.`, {
        status: 413,
      }),
    );
  return form;
}

/**
 * The error response React Router shows in the route's error boundary. A body
 * too large to read to its end (413) also closes the connection: the rest is
 * never read (see drainUnreadBodies in server/app.ts).
 */
export function bodyErrorResponse(error: UserError) {
  const tooLarge = error.status === 413;
  return data(error.message, {
    status: error.status,
    statusText: tooLarge ? "Content Too Large" : "Bad Request",
    headers: tooLarge ? { Connection: "close" } : undefined,
  });
}

/** A form field that carries JSON (a layout, a plan's inputs), parsed; `unreadable` is the refusal when it is not JSON. */
export function jsonField(form: FormData, name: string, unreadable: string): unknown {
  try {
    return JSON.parse(String(form.get(name) ?? ""));
  } catch {
    throw new UserError(unreadable);
  }
}

/**
 * A JSON body (the fleet API), at most `maxBytes` (server/body-limits.ts refuses a larger declared length before it
 * is read): a body that is not JSON, or whose upload was cut short, is the sender's mistake (400).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw new UserError(FORM_INTERRUPTED, { status: 400 });
  }
  if (Buffer.byteLength(text) > maxBytes)
    throw new UserError(`The body is too large: at most ${Math.round(maxBytes / 1024)} KB`, { status: 413 });
  try {
    return JSON.parse(text);
  } catch {
    throw new UserError("The body is not JSON", { status: 400 });
  }
}

/**
 * A file a machine uploads (a charger's diagnostics, issue 59): as a form's one file part (multipart, as most
 * chargers post it) or as the whole body (PUT). At most `maxBytes` (server/body-limits.ts refuses a larger declared
 * length before it is read); null when there is no file.
 */
export async function readFileBody(
  request: Request,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; fileName: string | null } | null> {
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const form = await readForm(request, { files: 1, fileSize: maxBytes, fields: 20 });
    const file = [...form.values()].find((value): value is File => value instanceof File);
    return file ? { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name || null } : null;
  }
  let body: ArrayBuffer;
  try {
    body = await request.arrayBuffer();
  } catch {
    throw new UserError(FORM_INTERRUPTED, { status: 400 });
  }
  if (body.byteLength > maxBytes)
    throw new UserError(`The file is too large: at most ${Math.round(maxBytes / 1024 / 1024)} MB`, { status: 413 });
  return body.byteLength > 0 ? { bytes: new Uint8Array(body), fileName: null } : null;
}
