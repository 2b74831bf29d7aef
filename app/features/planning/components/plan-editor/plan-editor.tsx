import type { PlanRequest } from "~/features/planning/plan-input";

import { BusinessCaseSection } from "./business-case-section";
import { ChargersSection } from "./chargers-section";
import { editing } from "./fields";
import { FleetSection } from "./fleet-section";
import { HorizonSection } from "./horizon-section";
import { SiteSection } from "./site-section";
import { TariffSection } from "./tariff-section";
import { VehicleTypesSection } from "./vehicle-types-section";

/**
 * The Charging Plan's inputs, edited in place, one section per concept
 * (each in its own file beside this one). Every group of vehicles has one
 * shift (departure, return, distance) on the weekdays ticked, or a shift
 * per day; the server checks everything again before it runs.
 */
export function PlanEditor({ value, onChange }: { value: PlanRequest; onChange: (next: PlanRequest) => void }) {
  const edit = editing(value, onChange);
  return (
    <div className="grid grid-cols-1 gap-6">
      <VehicleTypesSection value={value} edit={edit} />
      <FleetSection value={value} edit={edit} />
      <ChargersSection value={value} edit={edit} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SiteSection value={value} edit={edit} />
        <HorizonSection value={value} edit={edit} />
      </div>
      <TariffSection value={value} edit={edit} />
      <BusinessCaseSection value={value} edit={edit} />
    </div>
  );
}
