import { EyeIcon } from "lucide-react";

import { useRootData } from "~/lib/use-root-data";

/** Above every Electrify page for a viewer: what they can do here, before they try a button that is not theirs. */
export function ReadOnlyNote() {
  const current = useRootData().companies.find((c) => c.current);
  if (current?.role !== "viewer") return null;
  return (
    <p
      role="note"
      className="mx-auto mt-4 flex w-full max-w-5xl items-start gap-2 px-4 text-sm text-muted-foreground sm:px-6"
    >
      <EyeIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        You are a viewer of {current.name}: you can read every page and download reports and statements; changes are for
        its owners and managers.
      </span>
    </p>
  );
}
