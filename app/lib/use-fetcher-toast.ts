import { useEffect } from "react";
import { toast } from "sonner";

import type { ActionToast } from "~/lib/action-result";

/** Shows the toast in a fetcher's answer once per answer. */
export function useFetcherToast(data: { toast?: ActionToast } | undefined) {
  useEffect(() => {
    if (!data?.toast) return;
    toast[data.toast.type](data.toast.title, { description: data.toast.description });
  }, [data]);
}
