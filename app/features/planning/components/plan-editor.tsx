import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { UserError } from "~/lib/user-error";

import type { DutyDay, PlanInput, TariffBand } from "../engine/types";
import { clock } from "../format";
import { parseLoadProfile, type LoadProfile } from "../load-profile";
import { WEEKDAY_NAMES } from "../plan-defaults";
import { TARIFF_PRESETS, type TariffPreset } from "../plan-input";

/**
 * The Charging Plan's inputs, edited in place. Every group of vehicles has
 * one shift (departure, return, distance) on the weekdays ticked; the engine
 * takes a pattern per weekday, and the form writes the same shift to each
 * working day. The server checks everything again before it runs.
 */
type Props = { value: PlanInput; onChange: (next: PlanInput) => void };

const fromTime = (text: string) => {
  const [h, m] = text.split(":").map(Number);
  return Number.isFinite(h) && Number.isFinite(m) ? h! * 60 + m! : 0;
};
/** An empty number field is sent as null, which the server refuses with "enter a number". */
const num = (event: React.ChangeEvent<HTMLInputElement>) =>
  event.currentTarget.value === "" ? (null as unknown as number) : event.currentTarget.valueAsNumber;
const shown = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? "" : value;

let nextId = 0;
const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(nextId++).toString(36)}`;

function Section({
  title,
  description,
  children,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent className="relative overflow-x-auto">{children}</CardContent>
    </Card>
  );
}

function Field({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function NumberInput({
  id,
  label,
  value,
  onChange,
  step = "any",
  min,
  max,
  className,
  disabled,
}: {
  id?: string;
  label?: string;
  value: number | null | undefined;
  onChange: (v: number) => void;
  step?: string;
  min?: number;
  max?: number;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <Input
      id={id}
      aria-label={label}
      type="number"
      inputMode="decimal"
      step={step}
      min={min}
      max={max}
      disabled={disabled}
      value={shown(value)}
      onChange={(e) => onChange(num(e))}
      className={className ?? "w-24"}
    />
  );
}

/** "0:150, 80:150, 100:40" ↔ [[0, 150], [80, 150], [100, 40]]; null when the text is not a list of charge:power pairs. */
export function parseCurve(text: string): [number, number][] | null | undefined {
  if (text.trim() === "") return undefined;
  const points = text.split(/[,;]/).map((pair) =>
    pair
      .trim()
      .split(/\s*[:=]\s*|\s+/)
      .map(Number),
  );
  if (points.some((p) => p.length !== 2 || p.some((v) => !Number.isFinite(v)))) return null;
  return points as [number, number][];
}
export const formatCurve = (curve: [number, number][] | undefined) =>
  (curve ?? []).map(([soc, kw]) => `${soc}:${kw}`).join(", ");

/** The curve as typed; sent to the plan only when it reads as pairs (the server checks the rest). */
function CurveInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: [number, number][] | undefined;
  onChange: (curve: [number, number][] | undefined) => void;
}) {
  const [text, setText] = useState(() => formatCurve(value));
  const errorId = useId();
  const invalid = parseCurve(text) === null;
  return (
    <div className="grid gap-1">
      <Input
        aria-label={label}
        placeholder="none (flat)"
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setText(next);
          const parsed = parseCurve(next);
          if (parsed !== null) onChange(parsed);
        }}
        className="min-w-44"
      />
      {invalid ? (
        <p id={errorId} className="text-xs text-red-800">
          Write charge %:kW pairs, e.g. 0:150, 80:150, 100:40
        </p>
      ) : null}
    </div>
  );
}

/** Files larger than this are refused before reading (a year of 5-minute readings is about 4 MB). */
const MAX_PROFILE_BYTES = 8 * 1024 * 1024;

export function describeProfile(building: PlanInput["site"]["buildingKw"]): string {
  const peak = (values: number[]) => Math.round(values.reduce((max, v) => Math.max(max, v), 0)).toLocaleString("en-GB");
  if (typeof building === "number") return `${building} kW all the time`;
  if (Array.isArray(building)) return `24 hourly values, highest ${peak(building)} kW`;
  if (building.kind === "daily") return `A typical day of 24 hourly values, highest ${peak(building.hourlyKw)} kW`;
  return `${building.kw.length.toLocaleString("en-GB")} readings every ${building.intervalMinutes} min from ${building.start.slice(0, 10)}, highest ${peak(building.kw)} kW`;
}

/** The building's load from a CSV: 24 hourly values, or timestamped readings at a regular interval. */
function ProfileUpload({ onProfile }: { onProfile: (profile: LoadProfile) => void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-4 grid gap-1">
      <Label htmlFor={id}>Building load from a CSV file (optional)</Label>
      <Input
        id={id}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          if (file.size > MAX_PROFILE_BYTES) {
            setError("That file is too large: at most 8 MB (a year of 5-minute readings is about 4 MB).");
            return;
          }
          try {
            onProfile(parseLoadProfile(await file.text()));
            setError(null);
          } catch (problem) {
            setError(problem instanceof UserError ? problem.message : "That file could not be read as a CSV.");
          }
        }}
      />
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        24 hourly kW values (a typical day), or rows of date-time and kW at a regular interval (e.g. a year of
        half-hourly meter readings).
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const cell = "px-1 py-1 align-top";

/** A table's column headings, and a last column for each row's remove button. */
function HeaderRow({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} className={head}>
            {column}
          </th>
        ))}
        <th className={head}>
          <span className="sr-only">Remove</span>
        </th>
      </tr>
    </thead>
  );
}
const head = "px-1 pb-1 text-left text-xs font-medium text-muted-foreground whitespace-nowrap";

function workingShift(week: DutyDay[]) {
  const first = week.find((d) => d !== null) ?? { depart: 7 * 60, return: 17 * 60, km: 100 };
  return first;
}

function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} onClick={onClick} disabled={disabled}>
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}

const bandDays = (band: TariffBand) =>
  band.days.length === 7
    ? "every"
    : band.days.length === 5 && band.days.every((d) => d < 5)
      ? "weekdays"
      : band.days.length === 2 && band.days.every((d) => d >= 5)
        ? "weekends"
        : "custom";
const DAY_SETS = { every: [0, 1, 2, 3, 4, 5, 6], weekdays: [0, 1, 2, 3, 4], weekends: [5, 6] };

export function PlanEditor({ value, onChange }: Props) {
  const ids = useId();
  const set = <K extends keyof PlanInput>(key: K, next: PlanInput[K]) => onChange({ ...value, [key]: next });
  const update = <K extends "vehicleTypes" | "vehicles" | "chargers">(
    key: K,
    index: number,
    patch: Partial<PlanInput[K][number]>,
  ) => set(key, value[key].map((row, i) => (i === index ? { ...row, ...patch } : row)) as PlanInput[K]);
  const remove = <K extends "vehicleTypes" | "vehicles" | "chargers">(key: K, index: number) =>
    set(key, value[key].filter((_, i) => i !== index) as PlanInput[K]);
  const tariff = value.tariff;
  const setTariff = (patch: Partial<PlanInput["tariff"]>) => set("tariff", { ...tariff, ...patch });
  const building = typeof value.site.buildingKw === "number" ? value.site.buildingKw : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Section
        title="Vehicle types"
        description="Battery, energy use and the most each can take when charging."
        action={
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              set("vehicleTypes", [
                ...value.vehicleTypes,
                { id: newId("t"), name: "New type", batteryKwh: 100, consumptionKwhPerKm: 0.5, maxChargeKw: 50 },
              ])
            }
          >
            <PlusIcon aria-hidden="true" /> Add vehicle type
          </Button>
        }
      >
        <table className="w-full text-sm">
          <HeaderRow
            columns={[
              "Name",
              "Battery (kWh)",
              "Consumption (kWh/km)",
              "Max charge (kW)",
              "Charging curve (charge %:kW)",
            ]}
          />
          <tbody>
            {value.vehicleTypes.map((type, i) => (
              <tr key={type.id}>
                <td className={cell}>
                  <Input
                    aria-label={`Vehicle type ${i + 1} name`}
                    value={type.name}
                    onChange={(e) => update("vehicleTypes", i, { name: e.currentTarget.value })}
                    className="min-w-40"
                  />
                </td>
                <td className={cell}>
                  <NumberInput
                    label={`Battery (kWh), ${type.name}`}
                    value={type.batteryKwh}
                    onChange={(v) => update("vehicleTypes", i, { batteryKwh: v })}
                  />
                </td>
                <td className={cell}>
                  <NumberInput
                    label={`Consumption (kWh/km), ${type.name}`}
                    value={type.consumptionKwhPerKm}
                    onChange={(v) => update("vehicleTypes", i, { consumptionKwhPerKm: v })}
                  />
                </td>
                <td className={cell}>
                  <NumberInput
                    label={`Max charge (kW), ${type.name}`}
                    value={type.maxChargeKw}
                    onChange={(v) => update("vehicleTypes", i, { maxChargeKw: v })}
                  />
                </td>
                <td className={cell}>
                  <CurveInput
                    label={`Charging curve, ${type.name}`}
                    value={type.chargeCurve}
                    onChange={(curve) => update("vehicleTypes", i, { chargeCurve: curve })}
                  />
                </td>
                <td className={cell}>
                  <RemoveButton
                    label={`Remove vehicle type ${type.name}`}
                    onClick={() => remove("vehicleTypes", i)}
                    disabled={value.vehicleTypes.length === 1}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

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
        <table className="w-full text-sm">
          <HeaderRow
            columns={["Group", "Type", "Vehicles", "Departs", "Returns", "km per day", "Working days", "Leave at (%)"]}
          />
          <tbody>
            {value.vehicles.map((group, i) => {
              const shift = workingShift(group.week);
              const setShift = (patch: Partial<{ depart: number; return: number; km: number }>) =>
                update("vehicles", i, {
                  week: group.week.map((d) => (d ? { ...shift, ...d, ...patch, energyKwh: undefined } : null)),
                });
              return (
                <tr key={group.id}>
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
                    <Input
                      aria-label={`Departs, ${group.name}`}
                      type="time"
                      value={clock(shift.depart)}
                      onChange={(e) => setShift({ depart: fromTime(e.currentTarget.value) })}
                      className="w-28"
                    />
                  </td>
                  <td className={cell}>
                    <Input
                      aria-label={`Returns, ${group.name}`}
                      type="time"
                      value={clock(shift.return)}
                      onChange={(e) => setShift({ return: fromTime(e.currentTarget.value) })}
                      className="w-28"
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
                    <RemoveButton
                      label={`Remove vehicle group ${group.name}`}
                      onClick={() => remove("vehicles", i)}
                      disabled={value.vehicles.length === 1}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-muted-foreground">
          A return at or before the departure time means the vehicle is out overnight. The times and distance in a
          group's row set every working day; to vary them by day, open its day-by-day shifts.
        </p>
        <div className="mt-3 grid gap-2">
          {value.vehicles.map((group, i) => (
            <details key={group.id} className="rounded-md border p-3 text-sm">
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
                          <Input
                            aria-label={`${group.name} departs on ${dayName}`}
                            type="time"
                            disabled={!day}
                            value={clock(shift.depart)}
                            onChange={(e) => day && setDay({ ...day, depart: fromTime(e.currentTarget.value) })}
                            className="w-28"
                          />
                        </td>
                        <td className={cell}>
                          <Input
                            aria-label={`${group.name} returns on ${dayName}`}
                            type="time"
                            disabled={!day}
                            value={clock(shift.return)}
                            onChange={(e) => day && setDay({ ...day, return: fromTime(e.currentTarget.value) })}
                            className="w-28"
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
          ))}
        </div>
      </Section>

      <Section
        title="Chargers"
        description="From the designed layout; a vehicle keeps its charger until it leaves."
        action={
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              set("chargers", [
                ...value.chargers,
                { id: newId("c"), name: "New charger", count: 1, powerKw: 22, serves: "all" },
              ])
            }
          >
            <PlusIcon aria-hidden="true" /> Add charger
          </Button>
        }
      >
        <table className="w-full text-sm">
          <HeaderRow columns={["Charger", "Count", "Power (kW)", "Serves"]} />
          <tbody>
            {value.chargers.map((charger, i) => (
              <tr key={charger.id}>
                <td className={cell}>
                  <Input
                    aria-label={`Charger ${i + 1} name`}
                    value={charger.name}
                    onChange={(e) => update("chargers", i, { name: e.currentTarget.value })}
                    className="min-w-40"
                  />
                </td>
                <td className={cell}>
                  <NumberInput
                    label={`Count, ${charger.name}`}
                    step="1"
                    min={1}
                    value={charger.count}
                    onChange={(v) => update("chargers", i, { count: v })}
                    className="w-20"
                  />
                </td>
                <td className={cell}>
                  <NumberInput
                    label={`Power (kW), ${charger.name}`}
                    value={charger.powerKw}
                    onChange={(v) => update("chargers", i, { powerKw: v })}
                  />
                </td>
                <td className={cell}>
                  <NativeSelect
                    aria-label={`Serves, ${charger.name}`}
                    value={charger.serves === "all" ? "all" : (charger.serves[0] ?? "all")}
                    onChange={(e) =>
                      update("chargers", i, {
                        serves: e.currentTarget.value === "all" ? "all" : [e.currentTarget.value],
                      })
                    }
                    wrapperClassName="min-w-40"
                  >
                    <option value="all">Every vehicle type</option>
                    {value.vehicleTypes.map((type) => (
                      <option key={type.id} value={type.id}>
                        {type.name} only
                      </option>
                    ))}
                  </NativeSelect>
                </td>
                <td className={cell}>
                  <RemoveButton
                    label={`Remove charger ${charger.name}`}
                    onClick={() => remove("chargers", i)}
                    disabled={value.chargers.length === 1}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="Site connection" description="What the network connection allows, and the site's own load.">
          <div className="grid grid-cols-2 gap-4">
            <Field label="Connection (kVA)" id={`${ids}-kva`}>
              <NumberInput
                id={`${ids}-kva`}
                value={value.site.connectionKva}
                onChange={(v) => set("site", { ...value.site, connectionKva: v })}
                className="w-full"
              />
            </Field>
            <Field label="Power factor" id={`${ids}-pf`}>
              <NumberInput
                id={`${ids}-pf`}
                value={value.site.powerFactor}
                onChange={(v) => set("site", { ...value.site, powerFactor: v })}
                className="w-full"
              />
            </Field>
            <Field label="Building load (kW)" id={`${ids}-building`}>
              {building === null ? (
                <p id={`${ids}-building`} className="text-sm" data-testid="building-profile">
                  {describeProfile(value.site.buildingKw)}{" "}
                  <Button
                    type="button"
                    variant="link"
                    className="h-auto p-0"
                    onClick={() => set("site", { ...value.site, buildingKw: 20 })}
                  >
                    Use a constant instead
                  </Button>
                </p>
              ) : (
                <NumberInput
                  id={`${ids}-building`}
                  value={building}
                  onChange={(v) => set("site", { ...value.site, buildingKw: v })}
                  className="w-full"
                />
              )}
            </Field>
            <Field label="Charging efficiency" id={`${ids}-eff`}>
              <NumberInput
                id={`${ids}-eff`}
                value={value.site.chargingEfficiency}
                onChange={(v) => set("site", { ...value.site, chargingEfficiency: v })}
                className="w-full"
              />
            </Field>
          </div>
          <ProfileUpload onProfile={(profile) => set("site", { ...value.site, buildingKw: profile })} />
          <fieldset className="mt-4 grid gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Site battery</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={value.site.battery !== undefined}
                onChange={(e) =>
                  set("site", {
                    ...value.site,
                    battery: e.currentTarget.checked
                      ? { capacityKwh: 200, powerKw: 100, roundTripEfficiency: 0.9 }
                      : undefined,
                  })
                }
              />
              A stationary battery (used by peak shaving to take the top off the site's load)
            </label>
            {value.site.battery ? (
              <div className="grid grid-cols-3 gap-3">
                <Field label="Capacity (kWh)" id={`${ids}-bkwh`}>
                  <NumberInput
                    id={`${ids}-bkwh`}
                    value={value.site.battery.capacityKwh}
                    onChange={(v) =>
                      set("site", { ...value.site, battery: { ...value.site.battery!, capacityKwh: v } })
                    }
                    className="w-full"
                  />
                </Field>
                <Field label="Power (kW)" id={`${ids}-bkw`}>
                  <NumberInput
                    id={`${ids}-bkw`}
                    value={value.site.battery.powerKw}
                    onChange={(v) => set("site", { ...value.site, battery: { ...value.site.battery!, powerKw: v } })}
                    className="w-full"
                  />
                </Field>
                <Field label="Round trip" id={`${ids}-beff`}>
                  <NumberInput
                    id={`${ids}-beff`}
                    value={value.site.battery.roundTripEfficiency}
                    onChange={(v) =>
                      set("site", { ...value.site, battery: { ...value.site.battery!, roundTripEfficiency: v } })
                    }
                    className="w-full"
                  />
                </Field>
              </div>
            ) : null}
          </fieldset>
        </Section>

        <Section
          title="Horizon"
          description="How long to simulate, in what steps. It repeats, so overnight stays wrap round."
        >
          <div className="grid grid-cols-3 gap-4">
            <Field label="Days" id={`${ids}-days`}>
              <NumberInput
                id={`${ids}-days`}
                step="1"
                min={1}
                max={366}
                value={value.horizon.days}
                onChange={(v) => set("horizon", { ...value.horizon, days: v })}
                className="w-full"
              />
            </Field>
            <Field label="Step" id={`${ids}-step`}>
              <NativeSelect
                id={`${ids}-step`}
                value={value.horizon.stepMinutes}
                onChange={(e) =>
                  set("horizon", { ...value.horizon, stepMinutes: Number(e.currentTarget.value) as 5 | 15 | 30 | 60 })
                }
              >
                {[5, 15, 30, 60].map((m) => (
                  <option key={m} value={m}>
                    {m} min
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Starts on" id={`${ids}-start`}>
              <NativeSelect
                id={`${ids}-start`}
                value={value.horizon.startWeekday}
                onChange={(e) => set("horizon", { ...value.horizon, startWeekday: Number(e.currentTarget.value) })}
              >
                {WEEKDAY_NAMES.map((name, d) => (
                  <option key={name} value={d}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
        </Section>
      </div>

      <Section
        title="Tariff"
        description="Start from a preset; every figure can be changed."
        action={
          <div className="grid gap-1">
            <Label htmlFor={`${ids}-preset`}>Preset</Label>
            <NativeSelect
              id={`${ids}-preset`}
              value={
                (Object.keys(TARIFF_PRESETS) as TariffPreset[]).find(
                  (key) => TARIFF_PRESETS[key].name === tariff.name,
                ) ?? ""
              }
              onChange={(e) => {
                const key = e.currentTarget.value as TariffPreset;
                if (TARIFF_PRESETS[key]) set("tariff", structuredClone(TARIFF_PRESETS[key]));
              }}
              wrapperClassName="w-56"
            >
              <option value="">Custom</option>
              <option value="flat">Flat rate</option>
              <option value="day-night">Day/night</option>
              <option value="red-amber-green">Red/amber/green bands</option>
            </NativeSelect>
          </div>
        }
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Other times (p/kWh)" id={`${ids}-rate`}>
            <NumberInput
              id={`${ids}-rate`}
              value={tariff.defaultPencePerKwh}
              onChange={(v) => setTariff({ defaultPencePerKwh: v, name: "Custom" })}
              className="w-full"
            />
          </Field>
          <Field label="Standing charge (p/day)" id={`${ids}-standing`}>
            <NumberInput
              id={`${ids}-standing`}
              value={tariff.standingPencePerDay}
              onChange={(v) => setTariff({ standingPencePerDay: v, name: "Custom" })}
              className="w-full"
            />
          </Field>
          <Field label="Capacity charge (p/kVA/month)" id={`${ids}-capacity`}>
            <NumberInput
              id={`${ids}-capacity`}
              value={tariff.capacityPencePerKvaPerMonth}
              onChange={(v) => setTariff({ capacityPencePerKvaPerMonth: v, name: "Custom" })}
              className="w-full"
            />
          </Field>
        </div>
        <table className="mt-4 w-full text-sm">
          <caption className="mb-1 text-left text-sm font-medium">Time bands (the first that matches applies)</caption>
          <HeaderRow columns={["Days", "From", "To", "Rate (p/kWh)"]} />
          <tbody>
            {tariff.bands.map((band, i) => {
              const setBand = (patch: Partial<TariffBand>) =>
                setTariff({ name: "Custom", bands: tariff.bands.map((b, k) => (k === i ? { ...b, ...patch } : b)) });
              const days = bandDays(band);
              return (
                <tr key={i}>
                  <td className={cell}>
                    <NativeSelect
                      aria-label={`Band ${i + 1} days`}
                      value={days}
                      onChange={(e) =>
                        setBand({ days: DAY_SETS[e.currentTarget.value as keyof typeof DAY_SETS] ?? band.days })
                      }
                      wrapperClassName="min-w-36"
                    >
                      <option value="every">Every day</option>
                      <option value="weekdays">Weekdays</option>
                      <option value="weekends">Weekends</option>
                      {days === "custom" ? (
                        <option value="custom">{band.days.map((d) => WEEKDAY_NAMES[d]).join(", ")}</option>
                      ) : null}
                    </NativeSelect>
                  </td>
                  <td className={cell}>
                    <Input
                      aria-label={`Band ${i + 1} from`}
                      type="time"
                      value={clock(band.from)}
                      onChange={(e) => setBand({ from: fromTime(e.currentTarget.value) })}
                      className="w-28"
                    />
                  </td>
                  <td className={cell}>
                    <Input
                      aria-label={`Band ${i + 1} to`}
                      type="time"
                      value={clock(band.to)}
                      onChange={(e) => setBand({ to: fromTime(e.currentTarget.value) })}
                      className="w-28"
                    />
                  </td>
                  <td className={cell}>
                    <NumberInput
                      label={`Band ${i + 1} rate (p/kWh)`}
                      value={band.pencePerKwh}
                      onChange={(v) => setBand({ pencePerKwh: v })}
                    />
                  </td>
                  <td className={cell}>
                    <RemoveButton
                      label={`Remove band ${i + 1}`}
                      onClick={() => setTariff({ name: "Custom", bands: tariff.bands.filter((_, k) => k !== i) })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() =>
            setTariff({
              name: "Custom",
              bands: [...tariff.bands, { days: DAY_SETS.every, from: 0, to: 7 * 60, pencePerKwh: 15 }],
            })
          }
        >
          <PlusIcon aria-hidden="true" /> Add band
        </Button>
      </Section>
    </div>
  );
}
