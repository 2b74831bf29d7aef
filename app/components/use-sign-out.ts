import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";

import { formError, type ActionResult } from "~/lib/action-result";

/** Posts to /auth/sign-out; the server clears the session and redirects with 'Signed out successfully'. */
export function useSignOut(redirectTo: "/" | "/auth" = "/") {
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  useEffect(() => {
    const error = formError(fetcher.data);
    if (fetcher.state === "idle" && error) toast.error(error);
  }, [fetcher.state, fetcher.data]);
  const signOut = () => fetcher.submit({ redirectTo }, { method: "post", action: "/auth/sign-out" });
  return { signOut, pending, label: pending ? "Signing Out..." : "Sign Out" };
}
