/** Which kinds of alert each member is e-mailed about (all, until they choose otherwise). */
import type { DepotViewer } from "~/features/depots/index.server";
import { mutedAlertKinds, setMutedAlertKinds } from "~/features/team/index.server";
import { ownPlace } from "~/lib/access/access.server";
import type { Runtime } from "~/lib/runtime.server";

import { ALERT_KINDS, isAlertKind, type AlertKind } from "./alert-kinds";

type Deps = Pick<Runtime, "database">;

export async function alertChoicesOf(deps: Deps, viewer: DepotViewer): Promise<AlertKind[]> {
  const company = ownPlace(viewer, "member.alerts");
  const off = new Set(await mutedAlertKinds(deps.database.db, company.memberId));
  return ALERT_KINDS.filter((k) => !off.has(k));
}

/** Sets the member's own choice: the kinds named are mailed, every other kind is not. Unknown kinds are ignored. */
export async function setAlertChoices(deps: Deps, viewer: DepotViewer, wanted: readonly unknown[]) {
  const company = ownPlace(viewer, "member.alerts");
  const on = new Set(wanted.filter(isAlertKind));
  await setMutedAlertKinds(
    deps.database.db,
    company.memberId,
    ALERT_KINDS.filter((k) => !on.has(k)),
  );
  return [...on];
}
