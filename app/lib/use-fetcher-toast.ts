import { useEffect } from "react";
import { toast } from "sonner";

/** What an action answers a fetcher with: the toast to show for it. */
export type ActionToast = { type: "success" | "error"; title: string; description?: string };

/** Shows the toast in a fetcher's answer once per answer. */
export function useFetcherToast(data: { toast?: ActionToast } | undefined) {
  useEffect(() => {
    if (!data?.toast) return;
    toast[data.toast.type](data.toast.title, { description: data.toast.description });
  }, [data]);
}
