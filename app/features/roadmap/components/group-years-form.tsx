import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useFetcherToast, type ActionResult } from "~/lib/use-fetcher-toast";

import type { DepotRoadmap } from "../build-roadmap";
import { FIRST_ROADMAP_YEAR, LAST_ROADMAP_YEAR } from "../roadmap-settings";

/** One group's replacement, moved with its own small form: the page's roadmap follows as soon as it is saved. */
function GroupRow({ depotId, group }: { depotId: number; group: DepotRoadmap["groups"][number] }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  const id = `g-${depotId}-${group.id}`;
  const late = group.firstYear > group.phaseOut;
  return (
    <fetcher.Form
      method="post"
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_auto_auto_auto_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="group" />
      <input type="hidden" name="depotId" value={depotId} />
      <input type="hidden" name="groupId" value={group.id} />
      <div>
        <p className="font-medium">
          {group.name} <span className="font-normal text-muted-foreground">({group.count})</span>
        </p>
        <p className="text-sm text-muted-foreground">
          Electric from {group.firstYear}, the last in {group.lastYear}
        </p>
        {late ? (
          <p className="text-sm font-medium text-red-700">
            New diesel vehicles of this size end in {group.phaseOut}: start by then.
          </p>
        ) : null}
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-first`}>First year</Label>
        <Input
          id={`${id}-first`}
          name="firstYear"
          type="number"
          min={FIRST_ROADMAP_YEAR}
          max={LAST_ROADMAP_YEAR}
          defaultValue={group.firstYear}
          className="w-24"
          aria-invalid={errors.firstYear ? true : undefined}
          aria-describedby={errors.firstYear ? `${id}-first-error` : undefined}
        />
        <FieldError id={`${id}-first-error`}>{errors.firstYear}</FieldError>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-cycle`}>Cycle (years)</Label>
        <Input
          id={`${id}-cycle`}
          name="cycleYears"
          type="number"
          min={1}
          max={15}
          defaultValue={group.cycleYears}
          className="w-24"
          aria-invalid={errors.cycleYears ? true : undefined}
          aria-describedby={errors.cycleYears ? `${id}-cycle-error` : undefined}
        />
        <FieldError id={`${id}-cycle-error`}>{errors.cycleYears}</FieldError>
      </div>
      <label className="flex h-9 items-center gap-2 text-sm">
        <input type="checkbox" name="heavy" defaultChecked={group.heavy} className="size-4" /> Over 26 t
      </label>
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"} aria-label={`Move ${group.name}`}>
        {fetcher.state !== "idle" ? "Moving…" : "Move"}
      </Button>
    </fetcher.Form>
  );
}

export function GroupYearsForm({
  depotId,
  groups,
}: {
  depotId: number;
  groups: DepotRoadmap["groups"];
  today: string;
}) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">When each group goes electric</h3>
      {groups.map((group) => (
        <GroupRow key={group.id} depotId={depotId} group={group} />
      ))}
    </div>
  );
}
