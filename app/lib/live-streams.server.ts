/**
 * Server-sent event streams that tell a page its data changed ("change", and nothing of what changed: the page reads
 * its loader again, which keeps to what its viewer may see), a comment every 25 s so proxies keep them open. Bounded
 * (issue 58): a few per person and a ceiling in all, so no client can hold the server's sockets or wake every page on
 * a signal; past a bound the answer is 429. Streams end when the page goes or the server shuts down.
 */
import { UserError } from "~/lib/user-error";

/** Open streams a person (or a key) may hold at once: a few tabs of a few pages. */
export const STREAMS_PER_OWNER = 8;
/** Open streams a serving process holds at once. */
export const STREAMS_IN_ALL = 2_000;

const open = new Set<() => void>();
const byOwner = new Map<string, number>();

/**
 * A stream for `owner`, told "change" whenever `subscribe`'s callback is called; `subscribe` answers its unsubscribe.
 * Refused with 429 past the bounds.
 */
export function liveStream(
  owner: string,
  signal: AbortSignal,
  subscribe: (changed: () => void) => () => void,
): Response {
  if ((byOwner.get(owner) ?? 0) >= STREAMS_PER_OWNER)
    throw new UserError(`At most ${STREAMS_PER_OWNER} live pages at once: close one to follow this one live.`, {
      status: 429,
    });
  if (open.size >= STREAMS_IN_ALL)
    throw new UserError("Too many live pages are open on the server: this page will not update by itself.", {
      status: 429,
    });
  const encoder = new TextEncoder();
  let stop = () => undefined as void;
  byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send("retry: 3000\n\n");
      const unsubscribe = subscribe(() => send(`event: change\ndata: ${Date.now()}\n\n`));
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), 25_000);
      stop = () => {
        if (!open.delete(stop)) return;
        const left = (byOwner.get(owner) ?? 1) - 1;
        if (left > 0) byOwner.set(owner, left);
        else byOwner.delete(owner);
        unsubscribe();
        clearInterval(keepAlive);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      open.add(stop);
      signal.addEventListener("abort", stop, { once: true });
    },
    cancel: () => stop(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware would otherwise hold events back to fill its buffer.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

/** How many streams are open now (tests and the health of a process). */
export const openStreams = () => open.size;

/** Shutdown: ends every open stream (they would hold the HTTP server open). */
export function closeLiveStreams(): void {
  for (const stop of [...open]) stop();
}
