import { useState } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import type { DepotRoadmap } from "../build-roadmap";
import { paceText, pastPhaseOut } from "../roadmap-labels";
import { FIRST_ROADMAP_YEAR, LAST_ROADMAP_YEAR, targetsText } from "../roadmap-settings";

type Group = DepotRoadmap["groups"][number];

/** A number field of the group's form, labelled and wired to its message. */
function YearsField(props: {
  id: string;
  name: string;
  label: string;
  value: number;
  min: number;
  max: number;
  error?: string;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        name={props.name}
        type="number"
        min={props.min}
        max={props.max}
        defaultValue={props.value}
        className="w-24"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      <FieldError id={`${props.id}-error`}>{props.error}</FieldError>
    </div>
  );
}

/**
 * One group's pace, moved with its own small form: a replacement cycle from a
 * first year, or the share electric by year. The page's roadmap follows as
 * soon as it is saved.
 */
function GroupRow({ depotId, group }: { depotId: number; group: Group }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  const [pace, setPace] = useState<"cycle" | "targets">(group.targets?.length ? "targets" : "cycle");
  const id = `g-${depotId}-${group.id}`;
  const late = pastPhaseOut(group);
  return (
    <fetcher.Form method="post" className="grid gap-3 rounded-md border p-3 lg:grid-cols-[1fr_auto] lg:items-end">
      <input type="hidden" name="intent" value="group" />
      <input type="hidden" name="depotId" value={depotId} />
      <input type="hidden" name="groupId" value={group.id} />
      <div>
        <p className="font-medium">
          {group.name} <span className="font-normal text-muted-foreground">({group.count})</span>
        </p>
        <p className="text-sm text-muted-foreground">{paceText(group)}</p>
        {late ? (
          <p className="text-sm font-medium text-red-700">
            New diesel vehicles of this size end in {group.phaseOut}: start by then.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-pace`}>Pace</Label>
          <NativeSelect
            id={`${id}-pace`}
            name="pace"
            value={pace}
            onChange={(e) => setPace(e.target.value as typeof pace)}
          >
            <option value="cycle">Replacement cycle</option>
            <option value="targets">Share by year</option>
          </NativeSelect>
        </div>
        {/* The cycle's fields are kept (hidden) under targets, so going back to a cycle finds them as they were. */}
        <div className={pace === "cycle" ? "flex flex-wrap items-end gap-3" : "hidden"}>
          <YearsField
            id={`${id}-first`}
            name="firstYear"
            label="First year"
            value={group.firstYear}
            min={FIRST_ROADMAP_YEAR}
            max={LAST_ROADMAP_YEAR}
            error={errors.firstYear}
          />
          <YearsField
            id={`${id}-cycle`}
            name="cycleYears"
            label="Cycle (years)"
            value={group.cycleYears}
            min={1}
            max={15}
            error={errors.cycleYears}
          />
        </div>
        {pace === "targets" ? (
          <div className="grid gap-1">
            <Label htmlFor={`${id}-targets`}>Share electric by year</Label>
            <Input
              id={`${id}-targets`}
              name="targets"
              defaultValue={targetsText(group.targets)}
              placeholder="2028 25%, 2030 60%, 2033 100%"
              className="w-72 max-w-full"
              aria-invalid={errors.targets ? true : undefined}
              aria-describedby={errors.targets ? `${id}-targets-error` : undefined}
            />
            <FieldError id={`${id}-targets-error`}>{errors.targets}</FieldError>
          </div>
        ) : null}
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" name="heavy" defaultChecked={group.heavy} className="size-4" /> Over 26 t
        </label>
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"} aria-label={`Move ${group.name}`}>
          {fetcher.state !== "idle" ? "Moving…" : "Move"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function GroupYearsForm({ depotId, groups }: { depotId: number; groups: Group[] }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">When each group goes electric</h3>
      {groups.map((group) => (
        <GroupRow key={group.id} depotId={depotId} group={group} />
      ))}
    </div>
  );
}
