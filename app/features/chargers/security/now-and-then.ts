/**
 * "Keep this at most once in a while": a charger that retries in a loop (a refused connection, a certificate request
 * it cannot use) is answered every time, but its history gets one line per reason per `everyMs`, so it floods nothing.
 * In memory, per process, bounded.
 */
export function nowAndThen(everyMs: number): (key: string) => boolean {
  const lastAt = new Map<string, number>();
  return (key) => {
    const last = lastAt.get(key) ?? 0;
    if (Date.now() - last < everyMs) return false;
    if (lastAt.size > 10_000) lastAt.clear();
    lastAt.set(key, Date.now());
    return true;
  };
}
