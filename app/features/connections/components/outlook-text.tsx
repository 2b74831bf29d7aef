import { calendarDay } from "~/lib/uk-dates";

import type { OfferOutlook } from "../outlook-schema";

type Shortfall = OfferOutlook["base"];

const names = (vehicles: string[]) =>
  vehicles.length <= 4 ? vehicles.join(", ") : `${vehicles.slice(0, 4).join(", ")} and ${vehicles.length - 4} more`;

/** "every vehicle charged" or "3 vehicles 42 kWh short (Van 1, …)". */
function shortText(s: Shortfall, format: (kwh: number) => string): string {
  if (s.vehiclesShort === 0) return "every vehicle charged to its target";
  return `${s.vehiclesShort} ${s.vehiclesShort === 1 ? "vehicle" : "vehicles"} ${format(s.shortKwh)} short (${names(s.vehicles)})`;
}

/** What an offer means for the depot's plan, in sentences a fleet director reads. */
export function OutlookText({ outlook, format }: { outlook: OfferOutlook; format: (kwh: number) => string }) {
  const cut = outlook.curtailment;
  const period = cut?.periodDays === 7 ? "week" : cut?.periodDays === 1 ? "day" : `${cut?.periodDays}-day period`;
  return (
    <div className="grid gap-1">
      {outlook.seasons ? (
        outlook.seasons.map((s) => (
          <p key={s.season}>
            <span className="font-medium">{s.season === "winter" ? "In winter" : "In summer"}:</span>{" "}
            {shortText(s, format)}.
          </p>
        ))
      ) : (
        <p>
          <span className="font-medium">{cut ? "When not cut" : "On this connection"}:</span>{" "}
          {shortText(outlook.base, format)}.
        </p>
      )}
      {cut ? (
        <>
          <p>
            <span className="font-medium">Across its {cut.record === "estimate" ? "estimated " : ""}curtailment:</span>{" "}
            {cut.periodsCut} of {cut.periods} {period}s cut
            {cut.periodsShort === 0
              ? ", none leaving a vehicle shorter than when not cut."
              : `, ${cut.periodsShort} leaving vehicles short.`}
          </p>
          {cut.worst && cut.periodsShort > 0 ? (
            <p>
              <span className="font-medium">Worst {period}</span> (from {calendarDay(cut.worst.startsOn)}):{" "}
              {shortText(cut.worst, format)}. <span className="font-medium">One {period} in ten:</span>{" "}
              {format(cut.oneInTenKwh)} short or more.
            </p>
          ) : null}
          {cut.battery ? (
            <p>
              <span className="font-medium">
                A site battery of {cut.battery.powerKw.toLocaleString("en-GB")} kW and{" "}
                {cut.battery.energyKwh.toLocaleString("en-GB")} kWh
              </span>{" "}
              would cover the worst {period}. Charging earlier cannot: the plan already puts in all that the site&apos;s
              room allows while the vehicles are in.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
