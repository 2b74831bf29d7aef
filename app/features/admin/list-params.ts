import { z } from "zod";

import { DEPOT_STATUSES } from "~/features/depots";

export const PAGE_SIZE = 25;

const page = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const search = z
  .string()
  .trim()
  .max(200)
  .catch("")
  .transform((value) => value.slice(0, 200));

/** The submissions table's state, read from the URL (so a reload or a shared link shows the same rows). Bad values fall back to the defaults. */
export const submissionParamsSchema = z.object({
  q: search.default(""),
  status: z.enum(["", ...DEPOT_STATUSES]).catch(""),
  sort: z.enum(["date", "name", "status"]).catch("date"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: page.default(1),
});
export type SubmissionParams = z.infer<typeof submissionParamsSchema>;

export const userParamsSchema = z.object({
  uq: search.default(""),
  upage: page.default(1),
});
export type UserParams = z.infer<typeof userParamsSchema>;

export function readParams<T extends z.ZodType>(schema: T, searchParams: URLSearchParams): z.infer<T> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys((schema as unknown as z.ZodObject).shape)) {
    const value = searchParams.get(key);
    if (value !== null) raw[key] = value;
  }
  return schema.parse(raw);
}

export type Paged<T> = { rows: T[]; total: number; page: number; pageCount: number; pageSize: number };

/** `value` for LIKE, matching it anywhere, with its own % _ \ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
