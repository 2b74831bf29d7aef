import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps the page's figures live: the server says when the depot changed
 * (server-sent events), and the loader is read again, at most every second.
 * Answers whether the live link is up, for the page to say so.
 */
export function useLiveDepot(depotId: number): boolean {
  return useLiveEvents(`/electrify/operations/${depotId}/events`);
}

/** The same for any page that follows a depot's chargers (a hub's page follows its depot's), by its events' address. */
export function useLiveEvents(url: string | null): boolean {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (url === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void revalidate.current();
      }, 1000);
    };
    const source = new EventSource(url);
    source.addEventListener("open", () => {
      setLive(true);
      // A change made after the loader read the page but before the stream was up (or while it was down, between
      // its reconnections) is told by no event: the page reads again once the stream is up. A charger that went
      // offline as the page opened was shown as connected until the next change.
      changed();
    });
    source.addEventListener("error", () => setLive(false));
    source.addEventListener("change", changed);
    // "Last seen" and the clock move on even when nothing is sent.
    const tick = setInterval(() => void revalidate.current(), 60_000);
    return () => {
      source.close();
      clearInterval(tick);
      if (timer) clearTimeout(timer);
    };
  }, [url]);
  return live;
}
