import { z } from "zod";

/** Messages by form field; `form` is the message for the form as a whole. */
export type FieldErrors = Record<string, string>;

/**
 * The one error whose message is for the user: what was refused and what to do,
 * with the HTTP status to answer and, for a form, the message of each field.
 * Every other error is a fault and shows the error page. A rule breaks with a
 * UserError wherever it runs: it crosses the plan worker and the helper
 * process as plain data (toData, fromData), so a caller catches it the same
 * way whether the work ran here or there.
 */
export class UserError extends Error {
  override name = "UserError";
  /** Every message, when there is more than one (a plan's inputs); `message` is the first. */
  readonly messages: string[];
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  /** Marks a refusal the page answers in a particular way (e.g. asking to confirm). */
  readonly code: string | undefined;

  constructor(
    message: string | readonly string[],
    options: { status?: number; fieldErrors?: FieldErrors; code?: string; cause?: unknown } = {},
  ) {
    const messages = typeof message === "string" ? [message] : [...message];
    super(messages[0] ?? "That could not be done.", { cause: options.cause });
    this.messages = messages.length > 0 ? messages : [this.message];
    this.status = options.status ?? 400;
    this.fieldErrors = options.fieldErrors ?? {};
    this.code = options.code;
  }

  toData(): UserErrorData {
    return {
      userError: true,
      messages: this.messages,
      status: this.status,
      fieldErrors: this.fieldErrors,
      code: this.code ?? null,
    };
  }

  /** The UserError that `toData` described, or null for anything else. */
  static fromData(value: unknown): UserError | null {
    const parsed = userErrorDataSchema.safeParse(value);
    if (!parsed.success) return null;
    const { messages, status, fieldErrors, code } = parsed.data;
    return new UserError(messages, { status, fieldErrors, code: code ?? undefined });
  }
}

const userErrorDataSchema = z.object({
  userError: z.literal(true),
  messages: z.array(z.string()).min(1),
  status: z.number().int().min(400).max(599),
  fieldErrors: z.record(z.string(), z.string()),
  code: z.string().nullable(),
});
export type UserErrorData = z.infer<typeof userErrorDataSchema>;

/** A schema's refusal as messages by field (the first message of each; `form` for the whole input). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** The UserError for input a schema refused: every field's message, the first as the message. */
export function invalidInput(error: z.ZodError): UserError {
  const fieldErrors = fieldErrorsOf(error);
  return new UserError(Object.values(fieldErrors), { fieldErrors });
}
