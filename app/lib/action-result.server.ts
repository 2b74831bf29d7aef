import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

import type { ActionResult, ActionToast } from "~/lib/action-result";
import type { Logger } from "~/lib/log.server";
import { UserError } from "~/lib/user-error";

/** A done intent's answer: its toast (a title, a title and a description, or none) and anything the page shows with it. */
export function succeeded<Extra extends object = object>(
  toast: string | Omit<ActionToast, "type"> | null,
  extra?: Extra,
  intent?: string,
  /** Headers the answer sets (a cookie the success grants). */
  headers?: HeadersInit,
) {
  return data<ActionResult & Partial<Extra>>(
    {
      ok: true,
      intent,
      errors: {},
      toast:
        toast === null ? undefined : { type: "success", ...(typeof toast === "string" ? { title: toast } : toast) },
      ...(extra as Partial<Extra>),
    },
    { headers },
  );
}

/**
 * A refused intent's answer: the error's status, its messages by field and as a
 * toast (titled `toastTitle` with the message below it, when given), nothing changed.
 */
export function failed<Extra extends object = object>(
  error: UserError,
  options: { intent?: string; extra?: Extra; toastTitle?: string; headers?: HeadersInit } = {},
) {
  const { intent, extra, toastTitle, headers } = options;
  const toast = toastTitle
    ? { type: "error" as const, title: toastTitle, description: error.message }
    : { type: "error" as const, title: error.message };
  const fieldErrors = error.fieldErrors;
  const errors = Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: error.message };
  return data<ActionResult & Partial<Extra>>(
    {
      ok: false,
      intent,
      errors,
      messages: error.messages,
      toast,
      ...(extra as Partial<Extra>),
    },
    { status: error.status, headers },
  );
}

/** What an intent answers: a redirect, or the page's ActionResult (with what the page shows with it). */
type Answer<Result = ActionResult> = Response | DataWithResponseInit<Result>;

/** One intent of a form: its work, and what to say if something unexpected breaks it (logged, answered 500). */
export type IntentHandler<Context, Result = ActionResult> =
  | ((form: FormData, context: Context) => Promise<Answer<Result>>)
  | {
      run: (form: FormData, context: Context) => Promise<Answer<Result>>;
      /** The message for a fault that is not the user's (the error is logged); without it the fault shows the error page. */
      unexpected?: string;
      /** The title of a refusal's toast, with the refusal's message below it. */
      refusedTitle?: string | ((form: FormData) => string);
    };

/**
 * Runs the form's intent: an unknown intent is refused, a UserError becomes the
 * refusal (`failed`), with `echo` adding what the page shows back (the values
 * typed). Every route action with more than one form goes through here, so
 * each intent is only its own work. `first` runs before any intent's work
 * (a page whose every intent changes one thing asks the policy once, before
 * any field is read): its refusal is the intent's.
 */
export async function handleIntent<Context, Result extends ActionResult = ActionResult>(
  form: FormData,
  context: Context & { log?: Logger },
  handlers: Record<string, IntentHandler<Context, Result>>,
  echo?: (intent: string, form: FormData) => Partial<Result>,
  first?: () => Promise<unknown>,
): Promise<Answer<Result>> {
  const intent = String(form.get("intent") ?? "");
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return failed(new UserError("Unknown action"), { intent }) as Answer<Result>;
  const { run, unexpected, refusedTitle } = typeof handler === "function" ? { run: handler } : handler;
  try {
    await first?.();
    return await run(form, context);
  } catch (error) {
    const extra = echo?.(intent, form);
    const toastTitle = typeof refusedTitle === "function" ? refusedTitle(form) : refusedTitle;
    if (error instanceof UserError) return failed(error, { intent, extra, toastTitle }) as Answer<Result>;
    if (!unexpected) throw error;
    context.log?.error({ err: error, intent }, `${intent} failed`);
    return failed(new UserError(unexpected, { status: 500 }), { intent, extra, toastTitle }) as Answer<Result>;
  }
}
