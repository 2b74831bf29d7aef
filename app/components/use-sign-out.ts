import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";

export type SignOutActionData = { error: string };

/** Posts to /auth/sign-out; the server clears the session and redirects with 'Signed out successfully'. */
export function useSignOut(redirectTo: "/" | "/auth" = "/") {
  const fetcher = useFetcher<SignOutActionData>();
  const pending = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);
  const signOut = () => fetcher.submit({ redirectTo }, { method: "post", action: "/auth/sign-out" });
  return { signOut, pending, label: pending ? "Signing Out..." : "Sign Out" };
}
