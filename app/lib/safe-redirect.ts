/**
 * Returns `target` only when it is an absolute path on this site; anything
 * that could leave the origin falls back to `fallback`. The check is made on
 * the path as a browser would resolve it: "/./", "/../" and their encoded
 * forms collapse to "//host", which is a protocol-relative URL, so the
 * resolved path is checked again, not only the text that came in.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!isSameOriginPath(value)) return fallback;
  // Control characters (tab, CR, LF, which browsers strip from URLs) and backslashes (read as "/") are never needed.
  if (
    value.includes("\\") ||
    Array.from(value).some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)
  )
    return fallback;
  try {
    const url = new URL(value, "http://placeholder.invalid");
    if (url.origin !== "http://placeholder.invalid") return fallback;
    const resolved = `${url.pathname}${url.search}${url.hash}`;
    return isSameOriginPath(resolved) ? resolved : fallback;
  } catch {
    return fallback;
  }
}

/** One leading slash, not followed by another slash or a backslash (raw or percent-encoded). */
function isSameOriginPath(value: string): boolean {
  return value.startsWith("/") && !/^\/(\/|\\|%2f|%5c)/i.test(value);
}
