/**
 * A record id from a form field or a URL segment: decimal digits only, as the
 * product writes them. Anything else ("0x10", "1e3", " 7", "1.0", "../2")
 * gives 0, which no record has (ids start at 1), so the caller answers as for
 * an unknown record instead of finding a different one.
 */
export function parseId(value: unknown): number {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,14}$/.test(value)) return 0;
  return Number(value);
}
