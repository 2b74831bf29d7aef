import { membershipsOf, withDepots } from "~/features/team/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

/** A user as the server sees them on a request: with the company they work in now and their role there. */
export async function viewerOf(
  runtime: Pick<Runtime, "database">,
  user: { id: string; email: string; role?: string },
): Promise<SessionUser> {
  const current = (await membershipsOf(runtime.database.db, user)).find((m) => m.current);
  const company =
    current &&
    (await withDepots(runtime.database.db, {
      id: current.id,
      name: current.name,
      role: current.role,
      memberId: current.memberId,
    }));
  return { id: user.id, email: user.email, isAdmin: user.role === "admin", ...(company ? { company } : {}) };
}
