import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

export type HeaderUser = {
  email: string;
  name: string | null;
  organization: string | null;
  isAdmin: boolean;
};

/** What the app header shows: the profile's name and organisation beside the session's e-mail and role. */
export async function getHeaderUser(deps: Pick<Runtime, "database" | "log">, user: SessionUser): Promise<HeaderUser> {
  try {
    const profile = await deps.database.db
      .selectFrom("profiles")
      .select(["name", "organization"])
      .where("id", "=", user.id)
      .executeTakeFirst();
    return {
      email: user.email,
      isAdmin: user.isAdmin,
      name: profile?.name ?? null,
      organization: profile?.organization ?? null,
    };
  } catch (error) {
    // The specification: a profile fetch error is only logged; the header then shows no name or organisation.
    deps.log.error({ err: error, userId: user.id }, "Error loading profile");
    return { email: user.email, isAdmin: user.isAdmin, name: null, organization: null };
  }
}
