/**
 * The roadmap page's forms, checked on the server: moving a group's years
 * (a depot of the user's, a group of its plan) and the company's settings.
 * A refusal names the field and changes nothing.
 */
import type { ZodError } from "zod";

import { findDepot, requireRole, type DepotViewer } from "~/features/depots/index.server";
import { OPERATORS } from "~/features/grid";
import { readDepotPlan } from "~/features/planning/index.server";
import { parseId } from "~/lib/parse-id";
import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import {
  groupReplacementSchema,
  parseTargets,
  roadmapSettingsSchema,
  TARGETS_HINT,
  type RoadmapSettings,
} from "./roadmap-settings";
import { changeRoadmapSettings } from "./roadmap.server";

type Deps = Pick<Runtime, "database">;

/** Lead-time fields: one per network operator, and "other" for depots with none. */
export const LEAD_TIME_OPERATORS = [...Object.keys(OPERATORS), "other"] as const;

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const number = (form: FormData, name: string) => (text(form, name) === "" ? Number.NaN : Number(text(form, name)));

/** The roadmap is the company's plan: its owners and fleet managers change it. */
export async function moveGroup(deps: Deps, viewer: DepotViewer, form: FormData) {
  const depotId = parseId(form.get("depotId"));
  const groupId = text(form, "groupId");
  // A depot out of reach is not found, whoever asks; then the role (the roadmap is company-wide).
  const depot = await findDepot(deps.database.db, viewer, depotId);
  if (!depot) throw new UserError("That depot or vehicle group is no longer in your plans.", { status: 404 });
  const company = requireRole(viewer, "roadmap.change");
  const plan = depot ? await readDepotPlan(deps, depot.id) : null;
  const group = plan?.inputs?.vehicles.find((g) => g.id === groupId);
  if (!depot || !group) throw new UserError("That depot or vehicle group is no longer in your plans.", { status: 404 });
  const byTargets = text(form, "pace") === "targets";
  const targets = byTargets ? parseTargets(text(form, "targets")) : undefined;
  if (targets === null) throw new UserError(TARGETS_HINT, { fieldErrors: { targets: TARGETS_HINT } });
  const parsed = groupReplacementSchema.safeParse({
    // With targets the cycle's fields keep what they were (they come back if the pace goes back to a cycle).
    firstYear: number(form, "firstYear"),
    cycleYears: number(form, "cycleYears"),
    heavy: form.get("heavy") === "on",
    ...(targets ? { targets } : {}),
  });
  if (!parsed.success) throw invalidInput(parsed.error);
  await changeRoadmapSettings(deps, company.id, (settings) => ({
    ...settings,
    groups: {
      ...settings.groups,
      [String(depot.id)]: { ...settings.groups[String(depot.id)], [group.id]: parsed.data },
    },
  }));
  return { depot: depot.name, group: group.name, ...parsed.data };
}

export async function saveSettings(deps: Deps, viewer: DepotViewer, form: FormData) {
  const company = requireRole(viewer, "roadmap.change");
  let result: RoadmapSettings | null = null;
  await changeRoadmapSettings(deps, company.id, (settings) => {
    const parsed = roadmapSettingsSchema.safeParse({
      ...settings,
      endYear: number(form, "endYear"),
      phaseOut: { upTo26t: number(form, "upTo26t"), over26t: number(form, "over26t") },
      reminderMonths: number(form, "reminderMonths"),
      leadTimeMonths: Object.fromEntries(LEAD_TIME_OPERATORS.map((op) => [op, number(form, `lead-${op}`)])),
      battery: { poundsPerKwh: number(form, "batteryPoundsPerKwh"), poundsPerKw: number(form, "batteryPoundsPerKw") },
    });
    if (!parsed.success) throw invalidSettings(parsed.error);
    result = parsed.data;
    return parsed.data;
  });
  return result!;
}

/** The schema's paths as the form's field names (phaseOut.upTo26t is the field upTo26t). */
function invalidSettings(error: ZodError) {
  const fieldName = (path: PropertyKey[]) => {
    const [first, second] = path.map(String);
    if (first === "leadTimeMonths") return `lead-${second}`;
    if (first === "battery") return second === "poundsPerKw" ? "batteryPoundsPerKw" : "batteryPoundsPerKwh";
    if (first === "phaseOut") return second ?? "upTo26t";
    return first ?? "form";
  };
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[fieldName(issue.path)] ??= issue.message;
  return new UserError(Object.values(fieldErrors), { fieldErrors });
}
