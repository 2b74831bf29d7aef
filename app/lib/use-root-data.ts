import { useRouteLoaderData } from "react-router";

import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data (signed-in user, contact e-mail), for any component below the root. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useRootData must be used below the root route");
  return data;
}
