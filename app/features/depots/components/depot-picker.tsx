import { useId } from "react";

import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";

/** The "Depot" picker at the head of a depot's pages: choosing one calls `onPick` with its id (the page navigates). */
export function DepotPicker({
  depots,
  current,
  onPick,
}: {
  depots: { id: number; name: string }[];
  current: number | null;
  onPick: (depotId: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Depot</Label>
      <NativeSelect
        id={id}
        value={current === null ? "" : String(current)}
        onChange={(event) => onPick(event.currentTarget.value)}
        wrapperClassName="w-72 max-w-full"
      >
        {current === null ? <option value="">Choose a depot</option> : null}
        {depots.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
