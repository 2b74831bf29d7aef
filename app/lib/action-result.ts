import type { FieldErrors } from "~/lib/user-error";

/** The toast an action's answer carries for a fetcher to show. */
export type ActionToast = { type: "success" | "error"; title: string; description?: string };

/**
 * Every action's answer (built by ~/lib/action-result.server: `succeeded`, `failed`), whatever the form — a depot's
 * tabs, the admin console, sign-in, the survey, the investor room: whether it was done, which intent it answers, the
 * messages by field (`form` for the whole form), every message when there are several, a toast, and what the page
 * shows with it.
 */
export type ActionResult = {
  ok: boolean;
  intent?: string;
  errors: FieldErrors;
  messages?: string[];
  toast?: ActionToast;
};

/** The one message a form shows above its fields: the form's own, else the first field's. */
export const formError = (result: Pick<ActionResult, "errors"> | null | undefined): string | undefined =>
  result ? (result.errors.form ?? Object.values(result.errors)[0]) : undefined;
