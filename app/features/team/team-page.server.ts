import { listUserDepots, mayDo, requireCompany, type DepotViewer } from "~/features/depots/index.server";
import { toBoolean, toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { listActivity } from "./activity.server";
import type { TeamPageData } from "./components/team-page";
import { listMembers } from "./members.server";

/** What /electrify/team shows this viewer: everyone sees the team; owners manage it; owners and viewers read the log. */
export async function teamPageData(deps: Pick<Runtime, "database">, viewer: DepotViewer): Promise<TeamPageData> {
  const company = requireCompany(viewer);
  const db = deps.database.db;
  const manages = mayDo(viewer, "team.manage");
  const [members, depots, invitations, activity, me] = await Promise.all([
    listMembers(deps, viewer),
    manages ? listUserDepots(deps, viewer) : Promise.resolve([]),
    manages
      ? db
          .selectFrom("company_invitations")
          .select(["id", "email", "role", "expires_at"])
          .where("company_id", "=", company.id)
          .where("accepted_at", "is", null)
          .where("revoked_at", "is", null)
          .where("expires_at", ">", new Date().toISOString())
          .orderBy("id", "desc")
          .execute()
      : Promise.resolve([]),
    mayDo(viewer, "team.activity") ? listActivity(db, company.id) : Promise.resolve(null),
    db.selectFrom("company_members").select("notify").where("id", "=", company.memberId).executeTakeFirst(),
  ]);
  return {
    company: { name: company.name, role: company.role },
    manages,
    members,
    depots: depots.map((d) => ({ id: d.id, name: d.name })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expires: toIsoString(i.expires_at),
    })),
    activity,
    notify: toBoolean(me?.notify),
  };
}
