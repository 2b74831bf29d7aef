import { PlusIcon } from "lucide-react";
import { useId } from "react";

import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { TARIFF_PRESETS, type PlanInput, type TariffBand, type TariffPreset } from "~/features/charging-engine";
import { WEEKDAY_NAMES } from "~/features/planning/plan-defaults";

import { ClockInput } from "./clock-input";
import {
  bandDays,
  cell,
  DAY_SETS,
  Field,
  HeaderRow,
  NumberInput,
  RemoveButton,
  Section,
  type SectionProps,
} from "./fields";

/** Unit rates by time band, standing and capacity charges, from a preset. */
export function TariffSection({ value, edit }: SectionProps) {
  const { set } = edit;
  const ids = useId();
  const tariff = value.tariff;
  const setTariff = (patch: Partial<PlanInput["tariff"]>) => set("tariff", { ...tariff, ...patch });
  return (
    <Section
      title="Tariff"
      description="Start from a preset; every figure can be changed."
      action={
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-preset`}>Preset</Label>
          <NativeSelect
            id={`${ids}-preset`}
            value={
              (Object.keys(TARIFF_PRESETS) as TariffPreset[]).find((key) => TARIFF_PRESETS[key].name === tariff.name) ??
              ""
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
                  <ClockInput label={`Band ${i + 1} from`} minutes={band.from} onChange={(from) => setBand({ from })} />
                </td>
                <td className={cell}>
                  <ClockInput label={`Band ${i + 1} to`} minutes={band.to} onChange={(to) => setBand({ to })} />
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
  );
}
