/** A call's body against a zod schema: parsed, or a 422 naming each refused field by its path (vehicles[3].departsAt). */
import type { z } from "zod";

import { UserError } from "~/lib/user-error";

/** Each field's message, its path as the caller wrote it (vehicles[3].departsAt). */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.reduce<string>(
      (at, part) => (typeof part === "number" ? `${at}[${part}]` : at ? `${at}.${String(part)}` : String(part)),
      "",
    );
    fields[path || "body"] ??= issue.message;
  }
  return fields;
}

export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = fieldsOf(parsed.error);
  throw new UserError(Object.values(fields), { status: 422, fieldErrors: fields });
}
