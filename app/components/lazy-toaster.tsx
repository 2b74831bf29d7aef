import { lazy, Suspense, useEffect, useState } from "react";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * Sonner's toaster, fetched only when a toast can happen: at once for a
 * signed-in user or a toast from the server, otherwise on the visitor's first
 * touch, click, key or focus (every toast a visitor sees follows one). The
 * marketing pages then load without it. A toast raised while the toaster is
 * still arriving is not lost: sonner replays active toasts to a late toaster.
 */
export function LazyToaster({ eager }: { eager: boolean }) {
  const [wanted, setWanted] = useState(eager);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const events = ["pointerdown", "keydown", "focusin"] as const;
    for (const name of events) window.addEventListener(name, want, { once: true, passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, want);
    };
  }, [wanted]);
  if (!wanted && !eager) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" visibleToasts={3} duration={4000} richColors closeButton />
    </Suspense>
  );
}
