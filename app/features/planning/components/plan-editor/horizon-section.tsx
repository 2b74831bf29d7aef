import { useId } from "react";

import { NativeSelect } from "~/components/ui/native-select";
import { WEEKDAY_NAMES } from "~/features/planning/plan-defaults";

import { Field, NumberInput, Section, type SectionProps } from "./fields";

/** How long the plan runs and in what steps. */
export function HorizonSection({ value, edit }: SectionProps) {
  const { set } = edit;
  const ids = useId();
  return (
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
  );
}
