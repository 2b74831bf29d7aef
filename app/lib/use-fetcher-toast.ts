import { useEffect } from "react";
import { toast } from "sonner";

import type { FieldErrors } from "~/lib/user-error";

/** The toast an action's answer carries for a fetcher to show. */
export type ActionToast = { type: "success" | "error"; title: string; description?: string };

/**
 * Every form action's answer (built by ~/lib/action-result.server): whether it
 * was done, which intent it answers, the messages by field (`form` for the
 * whole form), every message when there are several, and a toast.
 */
export type ActionResult = {
  ok: boolean;
  intent?: string;
  errors: FieldErrors;
  messages?: string[];
  toast?: ActionToast;
};

/** Shows the toast in a fetcher's answer once per answer. */
export function useFetcherToast(data: { toast?: ActionToast } | undefined) {
  useEffect(() => {
    if (!data?.toast) return;
    toast[data.toast.type](data.toast.title, { description: data.toast.description });
  }, [data]);
}
