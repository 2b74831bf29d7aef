import type { z } from "zod";

/** Line breaks of any kind: CR, LF, NEL and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/**
 * A single-line text field (a name, an address, a phone number): a line break
 * inside it is refused with a message. It would let a value forge extra lines
 * wherever it is shown as text, e.g. in the team's notification e-mail. A
 * break at either end is trimmed away first, as a paste often brings one.
 */
export function singleLine(schema: z.ZodString, label: string) {
  return schema.refine((value) => !LINE_BREAK.test(value), `${label} must be on one line`);
}

/** The same rule for text fields that may be left empty (null or undefined pass). */
export function isSingleLine(value: string | null | undefined): boolean {
  return !value || !LINE_BREAK.test(value);
}
