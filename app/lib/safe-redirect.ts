/**
 * Returns `target` only when it is a path on this site; anything that could
 * leave the origin (absolute URLs, protocol-relative "//host", backslashes,
 * control characters) falls back to `fallback`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.includes("\\") || Array.from(value).some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  try {
    const url = new URL(value, "http://placeholder.invalid");
    if (url.origin !== "http://placeholder.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
