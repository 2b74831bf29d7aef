import { Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { DutyDay, TariffBand } from "~/features/charging-engine";
import type { PlanRequest } from "~/features/planning/plan-input";

/** What every section of the plan editor gets: the inputs and the ways to change them. */
export type SectionProps = { value: PlanRequest; edit: Editing };
export type ListKey = "vehicleTypes" | "vehicles" | "chargers";
export type Editing = {
  set: <K extends keyof PlanRequest>(key: K, next: PlanRequest[K]) => void;
  update: <K extends ListKey>(key: K, index: number, patch: Partial<PlanRequest[K][number]>) => void;
  remove: (key: ListKey, index: number) => void;
};

export function editing(value: PlanRequest, onChange: (next: PlanRequest) => void): Editing {
  const set: Editing["set"] = (key, next) => onChange({ ...value, [key]: next });
  return {
    set,
    update: (key, index, patch) =>
      set(key, value[key].map((row, i) => (i === index ? { ...row, ...patch } : row)) as PlanRequest[typeof key]),
    remove: (key, index) => set(key, value[key].filter((_, i) => i !== index) as PlanRequest[typeof key]),
  };
}

/** An empty number field is sent as null, which the server refuses with "enter a number". */
export const num = (event: React.ChangeEvent<HTMLInputElement>) =>
  event.currentTarget.value === "" ? (null as unknown as number) : event.currentTarget.valueAsNumber;
const shown = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? "" : value;

let nextId = 0;
export const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(nextId++).toString(36)}`;

export function Section({
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

export function Field({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export function NumberInput({
  id,
  label,
  value,
  onChange,
  step = "any",
  min,
  max,
  className,
  disabled,
  placeholder,
}: {
  placeholder?: string;
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
      placeholder={placeholder}
      value={shown(value)}
      onChange={(e) => onChange(num(e))}
      className={className ?? "w-24"}
    />
  );
}

export const cell = "px-1 py-1 align-top";

/** A table's column headings, and a last column for each row's remove button. */
export function HeaderRow({ columns }: { columns: string[] }) {
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
export const head = "px-1 pb-1 text-left text-xs font-medium text-muted-foreground whitespace-nowrap";

export function workingShift(week: DutyDay[]) {
  const first = week.find((d) => d !== null) ?? { depart: 7 * 60, return: 17 * 60, km: 100 };
  return first;
}

export function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} onClick={onClick} disabled={disabled}>
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}

export const bandDays = (band: TariffBand) =>
  band.days.length === 7
    ? "every"
    : band.days.length === 5 && band.days.every((d) => d < 5)
      ? "weekdays"
      : band.days.length === 2 && band.days.every((d) => d >= 5)
        ? "weekends"
        : "custom";
export const DAY_SETS = { every: [0, 1, 2, 3, 4, 5, 6], weekdays: [0, 1, 2, 3, 4], weekends: [5, 6] };
