import { useId } from "react";

import { Button } from "~/components/ui/button";

import { describeProfile, ProfileUpload } from "./building-profile";
import { Field, NumberInput, Section, type SectionProps } from "./fields";

/** The connection, the building's own load (a constant or a CSV) and an optional site battery. */
export function SiteSection({ value, edit }: SectionProps) {
  const { set } = edit;
  const ids = useId();
  const building = typeof value.site.buildingKw === "number" ? value.site.buildingKw : null;
  return (
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
                onChange={(v) => set("site", { ...value.site, battery: { ...value.site.battery!, capacityKwh: v } })}
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
  );
}
