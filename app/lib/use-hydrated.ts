import { useSyncExternalStore } from "react";

/** False during server rendering and hydration, true afterwards: for parts that only work in a browser (maps, charts). */
export const useHydrated = () =>
  useSyncExternalStore(
    () => () => undefined,
    () => true,
    () => false,
  );
