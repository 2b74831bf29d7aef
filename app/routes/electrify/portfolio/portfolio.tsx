import { FileDownIcon } from "lucide-react";
import { DateTime } from "luxon";

import { Button } from "~/components/ui/button";
import { OPERATORS, type Operator } from "~/features/grid";
import { listGridImports } from "~/features/grid/index.server";
import {
  DepotRoadmapCard,
  leadTimeOf,
  PortfolioMap,
  portfolioRow,
  PortfolioTable,
  RoadmapSettingsCard,
  sortPortfolio,
  SORTS,
  SpendCard,
  type PortfolioSort,
} from "~/features/portfolio";
import {
  LEAD_TIME_OPERATORS,
  moveGroup,
  portfolioOf,
  roadmapFor,
  saveSettings,
} from "~/features/portfolio/index.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import type { Route } from "./+types/portfolio";

export const meta: Route.MetaFunction = () => [{ title: "Portfolio and Roadmap | Electrify" }];

const todayInUk = () => DateTime.now().setZone(UK_ZONE).toISODate()!;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const today = todayInUk();
  const [{ roadmap, depots, settings }, imports] = await Promise.all([
    roadmapFor(runtime, portfolioOf(user), today),
    listGridImports(runtime),
  ]);
  const asked = new URL(request.url).searchParams.get("sort");
  const sort: PortfolioSort = SORTS.includes(asked as PortfolioSort) ? (asked as PortfolioSort) : "readiness";
  const rows = depots.map((depot) =>
    portfolioRow({
      ...depot,
      substation:
        depot.capacity.status === "ok" || depot.capacity.status === "no-figures"
          ? {
              name: depot.capacity.substation.name,
              availablePercent: depot.capacity.availablePercent,
              dataDate: depot.capacity.substation.dataDate,
              band: depot.capacity.band,
              distanceKm: depot.capacity.distanceKm,
            }
          : null,
      substationNote:
        depot.capacity.status === "no-substation"
          ? `None within ${depot.capacity.withinKm} km in the imported data`
          : "Not placed on the map",
    }),
  );
  const { env } = runtime;
  return {
    sort,
    rows: sortPortfolio(rows, sort),
    map: {
      depots: depots.map((d) => ({
        id: d.id,
        name: d.name,
        latitude: d.latitude,
        longitude: d.longitude,
        band: d.capacity.status === "ok" ? d.capacity.band : null,
      })),
      tileUrl: env.MAP_TILE_URL === "none" ? null : env.MAP_TILE_URL,
      attribution: [
        env.MAP_TILE_URL === "none" ? null : env.MAP_TILE_ATTRIBUTION,
        ...imports.map((item) => `${item.attribution} (${item.licence})`),
      ]
        .filter(Boolean)
        .join(" · "),
    },
    roadmap,
    settings: {
      endYear: settings.endYear,
      phaseOut: settings.phaseOut,
      reminderMonths: settings.reminderMonths,
      battery: settings.battery,
      leadTimes: LEAD_TIME_OPERATORS.map((operator) => ({
        operator,
        name: operator === "other" ? "Other operators" : OPERATORS[operator as Operator].name,
        months: leadTimeOf(settings, operator),
      })),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const form = await readForm(request);
  return handleIntent(
    form,
    { log: runtime.log },
    {
      group: {
        run: async (submitted) => {
          const moved = await moveGroup(runtime, user, submitted);
          return succeeded(
            {
              title: moved.targets
                ? `${moved.group} at ${moved.depot}: to its shares by year`
                : `${moved.group} at ${moved.depot}: from ${moved.firstYear} over ${moved.cycleYears} ${moved.cycleYears === 1 ? "year" : "years"}`,
            },
            undefined,
            "group",
          );
        },
        refusedTitle: "Could not move the group",
      },
      settings: {
        run: async (submitted) => {
          await saveSettings(runtime, user, submitted);
          return succeeded("Roadmap settings saved", undefined, "settings");
        },
        refusedTitle: "Could not save the settings",
      },
    },
  );
}

export default function PortfolioPage({ loaderData }: Route.ComponentProps) {
  const { rows, sort, map, roadmap, settings } = loaderData;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Portfolio and Roadmap</h1>
          <p className="mt-2 max-w-3xl text-muted-foreground">
            Every depot side by side, and the company&apos;s path to electric to {settings.endYear}: which depot first,
            what to buy each year, and the date by which each connection must be applied for.
          </p>
        </div>
        {rows.length > 0 ? (
          <Button asChild variant="outline">
            <a href="/electrify/portfolio/report" download>
              <FileDownIcon aria-hidden="true" /> Portfolio report (PDF)
            </a>
          </Button>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-md border p-8 text-center text-muted-foreground">
          No depots found. Please add depots in the Company Setup page.
        </p>
      ) : (
        <div className="mt-6 grid gap-6">
          <PortfolioTable rows={rows} sort={sort} />
          <PortfolioMap {...map} />
          <RoadmapSettingsCard settings={settings} />
          <SpendCard roadmap={roadmap} />
          <h2 className="text-2xl font-semibold tracking-tight">Depots in the order to act</h2>
          {roadmap.depots.map((depot) => (
            <DepotRoadmapCard key={depot.id} depot={depot} endYear={settings.endYear} />
          ))}
        </div>
      )}
    </section>
  );
}
