/** Which kinds of alert each member is e-mailed about (all, until they choose otherwise). */
import type { DepotViewer } from "~/features/depots/index.server";
import { ownPlace } from "~/lib/access/access.server";
import type { Runtime } from "~/lib/runtime.server";

import { ALERT_KINDS, isAlertKind, type AlertKind } from "./alert-kinds";

type Deps = Pick<Runtime, "database">;

export async function alertChoicesOf(deps: Deps, viewer: DepotViewer): Promise<AlertKind[]> {
  const company = ownPlace(viewer, "member.alerts");
  const out = await deps.database.db
    .selectFrom("alert_opt_outs")
    .select("kind")
    .where("member_id", "=", company.memberId)
    .execute();
  const off = new Set(out.map((o) => o.kind));
  return ALERT_KINDS.filter((k) => !off.has(k));
}

/** Sets the member's own choice: the kinds named are mailed, every other kind is not. Unknown kinds are ignored. */
export async function setAlertChoices(deps: Deps, viewer: DepotViewer, wanted: readonly unknown[]) {
  const company = ownPlace(viewer, "member.alerts");
  const on = new Set(wanted.filter(isAlertKind));
  await deps.database.db.transaction().execute(async (tx) => {
    await tx.deleteFrom("alert_opt_outs").where("member_id", "=", company.memberId).execute();
    const off = ALERT_KINDS.filter((k) => !on.has(k));
    if (off.length)
      await tx
        .insertInto("alert_opt_outs")
        .values(off.map((kind) => ({ member_id: company.memberId, kind })))
        .execute();
  });
  return [...on];
}
