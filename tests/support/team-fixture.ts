import { computePlan, defaultPlanInput } from "~/features/planning";
import { saveApplication, saveQuoteFile } from "~/features/portfolio/index.server";
import { createUser } from "~/features/users/index.server";
import type { CompanyRole } from "~/lib/company-roles";
import type { Runtime } from "~/lib/runtime.server";

import { insertDepot, insertDepotPlanInputs } from "./depots";
import { viewerOf } from "./viewers";

/** A tiny PDF (a quote's file must look like one). */
const PDF = new TextEncoder().encode("%PDF-1.4\n%test quote\n");

export type TeamMemberLogin = { email: string; password: string; id: string };

/** One depot of the team company: its id, name, one photo and a quote. */
export type TeamDepot = { id: number; name: string; photoId: number };

/**
 * A haulier company as a team (issue 48): an owner, a fleet manager, a depot manager for the first of two depots, and
 * a viewer; both depots with a plan, a survey photo and a connection application with its quote. Beside it, another
 * company (one member, one depot) and an admin.
 */
export async function seedTeamCompany(runtime: Runtime, prefix = "team") {
  const login = (who: string) => ({ email: `${prefix}-${who}@fleet.example`, password: `${who}-password-1` });
  const people = {
    owner: login("owner"),
    fleetManager: login("fleet"),
    depotManager: login("manager"),
    viewer: login("viewer"),
    outsider: login("outsider"),
    admin: { email: `${prefix}-admin@consultancy.example`, password: "admin-password-1" },
  };
  const owner = await viewerOf(runtime, await createUser(runtime, { ...people.owner, name: "Olive Owner" }));
  const companyId = owner.company!.id;
  await runtime.database.db
    .updateTable("companies")
    .set({ company_name: `${prefix} Haulage` })
    .where("id", "=", companyId)
    .execute();
  const depots: TeamDepot[] = [];
  for (const name of [`${prefix} North Yard`, `${prefix} South Yard`])
    depots.push(await seedDepot(runtime, owner.id, name));
  const ids: Record<string, string> = { owner: owner.id };
  const roles: [keyof typeof people, CompanyRole][] = [
    ["fleetManager", "fleet_manager"],
    ["depotManager", "depot_manager"],
    ["viewer", "viewer"],
  ];
  for (const [who, role] of roles) {
    const user = await createUser(runtime, people[who], { ownCompany: false });
    ids[who] = user.id;
    const member = await runtime.database.db
      .insertInto("company_members")
      .values({ company_id: companyId, user_id: user.id, role })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (role === "depot_manager")
      await runtime.database.db
        .insertInto("member_depots")
        .values({ member_id: member.id, depot_id: depots[0]!.id })
        .execute();
  }
  const outsider = await createUser(runtime, people.outsider);
  ids.outsider = outsider.id;
  const outsiderDepot = await seedDepot(runtime, outsider.id, `${prefix} Elsewhere Depot`);
  const admin = await createUser(runtime, { ...people.admin, role: "admin" });
  ids.admin = admin.id;
  return { people, ids, companyId, depots, outsiderDepot };
}

/** A depot of the user's company with a plan, a survey photo and a connection application with its quote. */
export async function seedDepot(
  runtime: Runtime,
  userId: string,
  name: string,
  figures: { notes?: string; quotePounds?: number } = {},
): Promise<TeamDepot> {
  const id = await insertDepot(runtime, { user_id: userId, depot_name: name, depot_address: `1 ${name} Road` });
  const inputs = defaultPlanInput({ vehicles: 4, chargers: [{ name: "AC 22", powerKw: 22, count: 4 }] });
  await insertDepotPlanInputs(
    runtime,
    id,
    inputs,
    computePlan(inputs, () => undefined),
  );
  const key = `surveys/team-${id}/panel.jpg`;
  await runtime.storage.put(key, PDF);
  await runtime.storage.put(`${key}.thumb`, PDF);
  const photo = await runtime.database.db
    .insertInto("survey_photos")
    .values({
      depot_id: id,
      image_type: "electrical_panel",
      storage_key: key,
      thumbnail_key: `${key}.thumb`,
      content_type: "image/jpeg",
      width: 10,
      height: 10,
      bytes: PDF.length,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const viewer = await viewerOf(runtime, { id: userId, email: "seed@fleet.example" });
  const actor = { ...viewer, isAdmin: false };
  await saveApplication(runtime, actor, id, {
    stage: "quote-received",
    requestedKva: 500,
    budgetRequestedOn: null,
    quoteReceivedOn: "2026-10-01",
    quotePounds: figures.quotePounds ?? 42_000,
    quoteKva: 500,
    energisationOn: "2027-06-01",
    acceptedOn: null,
    worksOn: null,
    energisedOn: null,
    notes: figures.notes ?? `${name} notes`,
  });
  await saveQuoteFile(runtime, actor, id, { name: `${name} quote.pdf`, bytes: PDF });
  return { id, name, photoId: photo.id };
}
