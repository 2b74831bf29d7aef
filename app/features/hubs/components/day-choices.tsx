import { useId } from "react";

import { FieldError } from "~/components/ui/field-error";

import { DAY_NAMES } from "../visit-window";

/** Days of the week as checkboxes (0 = Monday), with the server's message for them. */
export function DayChoices({
  name,
  legend,
  chosen,
  error,
}: {
  name: string;
  legend: string;
  chosen: number[];
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {DAY_NAMES.map((day, d) => (
          <div key={day} className="flex items-center gap-1.5">
            <input
              id={`${id}-${d}`}
              type="checkbox"
              name={name}
              value={d}
              defaultChecked={chosen.includes(d)}
              className="size-4 accent-primary"
            />
            <label htmlFor={`${id}-${d}`} className="text-sm">
              {day}
            </label>
          </div>
        ))}
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}
