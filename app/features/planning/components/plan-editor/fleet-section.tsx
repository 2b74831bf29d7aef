import { PlusIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import type { DutyDay } from "~/features/charging-engine";
import { WEEKDAY_NAMES } from "~/features/planning/plan-defaults";

import { ClockInput } from "./clock-input";
import {
  cell,
  head,
  HeaderRow,
  newId,
  NumberInput,
  RemoveButton,
  Section,
  workingShift,
  type SectionProps,
} from "./fields";

/** Groups of vehicles with their shift on each working day (one shift for the group, or day by day). */
export function FleetSection({ value, edit }: SectionProps) {
  const { set } = edit;
  const recorded = value.vehicles.filter((g) => g.trips);
  return (
    <Section
      title="Fleet and duty"
      description="Groups of identical vehicles, when they leave and return, how far they go, and how full they must leave."
      action={
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            const day = { depart: 7 * 60, return: 17 * 60, km: 100 };
            set("vehicles", [
              ...value.vehicles,
              {
                id: newId("g"),
                name: `Group ${value.vehicles.length + 1}`,
                typeId: value.vehicleTypes[0]!.id,
                count: 1,
                week: [day, day, day, day, day, null, null],
                targetSocPct: 90,
              },
            ]);
          }}
        >
          <PlusIcon aria-hidden="true" /> Add vehicle group
        </Button>
      }
    >
      {recorded.length > 0 ? (
        <p className="mb-3 rounded-md border bg-muted/40 p-3 text-sm" data-testid="recorded-fleet">
          {recorded.length} vehicle{recorded.length === 1 ? " is" : "s are"} planned on{" "}
          {recorded.length === 1 ? "its" : "their"} recorded trips (
          {recorded.reduce((sum, g) => sum + g.trips!.length, 0).toLocaleString("en-GB")} tours from the Trips tab):
          their times and distances come from the record, not from a weekly pattern. To plan a pattern instead, use
          &lsquo;Plan a typical week&rsquo; on the Trips tab.
        </p>
      ) : null}
      <table className="w-full text-sm">
        <HeaderRow
          columns={[
            "Group",
            "Type",
            "Vehicles",
            "Departs",
            "Returns",
            "km per day",
            "Working days",
            "Leave at (%)",
            "Moved off charger at",
          ]}
        />
        <tbody>
          {value.vehicles.map((group, i) =>
            // A recorded vehicle's work is its record (described above), not a pattern to edit here.
            group.trips ? null : <GroupRow key={group.id} group={group} i={i} value={value} edit={edit} />,
          )}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted-foreground">
        A return at or before the departure time means the vehicle is out overnight. "Moved off charger at": a depot
        hand moves the group's vehicles off their chargers at that time, freeing them for others (empty: a vehicle keeps
        its charger until it leaves). The times and distance in a group's row set every working day; to vary them by
        day, open its day-by-day shifts.
      </p>
      <div className="mt-3 grid gap-2">
        {value.vehicles.map((group, i) => (
          <DayByDayShifts key={group.id} group={group} i={i} edit={edit} />
        ))}
      </div>
    </Section>
  );
}

type Group = SectionProps["value"]["vehicles"][number];

/** One group's row: its name, type and count, its shift on every working day, its target and when it is moved off. */
function GroupRow({ group, i, value, edit }: { group: Group; i: number } & SectionProps) {
  const { update, remove } = edit;
  const shift = workingShift(group.week);
  const setShift = (patch: Partial<{ depart: number; return: number; km: number }>) =>
    update("vehicles", i, {
      week: group.week.map((d) => (d ? { ...shift, ...d, ...patch, energyKwh: undefined } : null)),
    });
  return (
    <tr>
      <td className={cell}>
        <Input
          aria-label={`Vehicle group ${i + 1} name`}
          value={group.name}
          onChange={(e) => update("vehicles", i, { name: e.currentTarget.value })}
          className="min-w-32"
        />
      </td>
      <td className={cell}>
        <NativeSelect
          aria-label={`Vehicle type, ${group.name}`}
          value={group.typeId}
          onChange={(e) => update("vehicles", i, { typeId: e.currentTarget.value })}
          wrapperClassName="min-w-48"
        >
          {value.vehicleTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
          {value.vehicleTypes.some((t) => t.id === group.typeId) ? null : (
            <option value={group.typeId}>Choose a type</option>
          )}
        </NativeSelect>
      </td>
      <td className={cell}>
        <NumberInput
          label={`Vehicles, ${group.name}`}
          step="1"
          min={1}
          value={group.count}
          onChange={(v) => update("vehicles", i, { count: v })}
          className="w-20"
        />
      </td>
      <td className={cell}>
        <ClockInput
          label={`Departs, ${group.name}`}
          minutes={shift.depart}
          onChange={(depart) => setShift({ depart })}
        />
      </td>
      <td className={cell}>
        <ClockInput
          label={`Returns, ${group.name}`}
          minutes={shift.return}
          onChange={(back) => setShift({ return: back })}
        />
      </td>
      <td className={cell}>
        <NumberInput
          label={`km per day, ${group.name}`}
          value={shift.km ?? null}
          onChange={(v) => setShift({ km: v })}
          className="w-20"
        />
      </td>
      <td className={cell}>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Working days, {group.name}</legend>
          {WEEKDAY_NAMES.map((dayName, d) => (
            <label key={dayName} className="flex flex-col items-center text-xs">
              {dayName}
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={group.week[d] !== null}
                onChange={(e) =>
                  update("vehicles", i, {
                    week: group.week.map((day, k) =>
                      k === d
                        ? e.currentTarget.checked
                          ? { depart: shift.depart, return: shift.return, km: shift.km ?? 0 }
                          : null
                        : day,
                    ),
                  })
                }
              />
            </label>
          ))}
        </fieldset>
      </td>
      <td className={cell}>
        <NumberInput
          label={`Leave at (%), ${group.name}`}
          value={group.targetSocPct}
          onChange={(v) => update("vehicles", i, { targetSocPct: v })}
          className="w-20"
        />
      </td>
      <td className={cell}>
        <ClockInput
          label={`Moved off the charger at, ${group.name} (empty: keeps it until leaving)`}
          minutes={group.swapAt}
          onChange={(swapAt) => update("vehicles", i, { swapAt })}
          onClear={() => update("vehicles", i, { swapAt: undefined })}
        />
      </td>
      <td className={cell}>
        <RemoveButton
          label={`Remove vehicle group ${group.name}`}
          onClick={() => remove("vehicles", i)}
          disabled={value.vehicles.length === 1}
        />
      </td>
    </tr>
  );
}

/** A group's shifts day by day, for a group whose days differ (folded away: most groups work one shift). */
function DayByDayShifts({ group, i, edit: { update } }: { group: Group; i: number; edit: SectionProps["edit"] }) {
  return (
    <details className="rounded-md border p-3 text-sm">
      <summary className="cursor-pointer">Day-by-day shifts: {group.name}</summary>
      <table className="mt-2 text-sm">
        <thead>
          <tr>
            <th className={head}>Day</th>
            <th className={head}>Works</th>
            <th className={head}>Departs</th>
            <th className={head}>Returns</th>
            <th className={head}>km</th>
          </tr>
        </thead>
        <tbody>
          {WEEKDAY_NAMES.map((dayName, d) => {
            const day = group.week[d] ?? null;
            const setDay = (next: DutyDay) =>
              update("vehicles", i, { week: group.week.map((old, k) => (k === d ? next : old)) });
            const shift = day ?? workingShift(group.week);
            return (
              <tr key={dayName}>
                <th scope="row" className="px-1 text-left font-normal">
                  {dayName}
                </th>
                <td className={cell}>
                  <input
                    type="checkbox"
                    aria-label={`${group.name} works on ${dayName}`}
                    className="size-4 accent-primary"
                    checked={day !== null}
                    onChange={(e) =>
                      setDay(
                        e.currentTarget.checked
                          ? { depart: shift.depart, return: shift.return, km: shift.km ?? 0 }
                          : null,
                      )
                    }
                  />
                </td>
                <td className={cell}>
                  <ClockInput
                    label={`${group.name} departs on ${dayName}`}
                    disabled={!day}
                    minutes={shift.depart}
                    onChange={(depart) => day && setDay({ ...day, depart })}
                  />
                </td>
                <td className={cell}>
                  <ClockInput
                    label={`${group.name} returns on ${dayName}`}
                    disabled={!day}
                    minutes={shift.return}
                    onChange={(back) => day && setDay({ ...day, return: back })}
                  />
                </td>
                <td className={cell}>
                  <NumberInput
                    label={`${group.name} km on ${dayName}`}
                    disabled={!day}
                    value={day ? (day.km ?? null) : null}
                    onChange={(v) => day && setDay({ ...day, km: v, energyKwh: undefined })}
                    className="w-20"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
