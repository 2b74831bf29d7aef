/**
 * Every open connection application, for the consultancy's admins (issue
 * 33), each with what its company's roadmap makes of it: at risk when the
 * quote's energisation comes after the year the roadmap needs the capacity.
 * An energised application is closed.
 */
import { DateTime } from "luxon";

import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import type { ApplicationStage } from "./application-input";
import { readApplications } from "./applications.server";
import { roadmapFor } from "./roadmap.server";

export type OpenApplication = {
  depotId: number;
  depot: string;
  company: string;
  stage: ApplicationStage;
  energisationOn: string | null;
  neededYear: number | null;
  /** Months the quoted energisation comes after the roadmap needs it; 0 when in time; null with no quote or no need. */
  monthsLate: number | null;
  /** The year the roadmap passes even the quoted capacity (a second upgrade is needed), or null. */
  quoteShortFrom: number | null;
  updatedAt: string;
};

export async function openApplications(deps: Pick<Runtime, "database">): Promise<OpenApplication[]> {
  const applications = await readApplications(deps, { all: true });
  const open = [...applications.values()].filter((a) => a.stage !== "energised");
  if (!open.length) return [];
  const depots = await deps.database.db
    .selectFrom("depots")
    .innerJoin("companies", "companies.id", "depots.company_id")
    .select(["depots.id", "depots.depot_name", "depots.company_id", "companies.company_name"])
    .where(
      "depots.id",
      "in",
      open.map((a) => a.depotId),
    )
    .execute();
  const today = DateTime.now().setZone(UK_ZONE).toISODate()!;
  const planned = new Map<number, Awaited<ReturnType<typeof roadmapFor>>["roadmap"]["depots"][number]>();
  for (const companyId of new Set(depots.map((d) => d.company_id!))) {
    const { roadmap } = await roadmapFor(deps, { companyId }, today);
    for (const d of roadmap.depots) planned.set(d.id, d);
  }
  const rows = open.flatMap((a): OpenApplication[] => {
    const depot = depots.find((d) => d.id === a.depotId);
    if (!depot) return [];
    const flag = planned.get(a.depotId)?.flag;
    const beyond = Boolean(planned.get(a.depotId)?.beyondQuoteKva);
    const neededYear = flag && flag.kind !== "enough" ? flag.neededYear : null;
    return [
      {
        depotId: a.depotId,
        depot: depot.depot_name,
        company: depot.company_name,
        stage: a.stage,
        energisationOn: a.energisationOn,
        neededYear,
        monthsLate:
          flag?.kind === "quoted-late" ? flag.monthsLate : flag?.kind === "quoted-in-time" || beyond ? 0 : null,
        quoteShortFrom: beyond && flag && flag.kind !== "enough" ? flag.neededYear : null,
        updatedAt: a.updatedAt,
      },
    ];
  });
  // At risk first (the latest first, then quotes passed later), then those without a quote, then those in time.
  const rank = (r: OpenApplication) =>
    r.monthsLate ? -1000 - r.monthsLate : r.quoteShortFrom ? -1 : r.monthsLate === null ? 0 : 1;
  return rows.sort((a, b) => rank(a) - rank(b) || a.depot.localeCompare(b.depot));
}
