import { redirect } from "react-router";

import { InvitationCard, newMemberAccountSchema } from "~/features/team";
import { acceptInvitation, acceptWithNewAccount, readInvitation, switchCompany } from "~/features/team/index.server";
import { handleIntent } from "~/lib/action-result.server";
import { signInWithPassword } from "~/lib/auth/auth-handler.server";
import { getSessionUser } from "~/lib/auth/guards.server";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = () => [
  { title: "Join a team | Electrify" },
  // The token is in the path: no other site learns it from a link followed from here.
  { name: "referrer", content: "no-referrer" },
];

/** A team invitation's link: what it offers, and to whom; nothing is granted until the person accepts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await readInvitation(getRuntime(), params.token);
  const user = getSessionUser(context);
  return { invitation, signedInAs: user?.email ?? null, token: params.token };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = getRuntime();
  const form = await readForm(request, { fields: 6 });
  const user = getSessionUser(context);
  return handleIntent(
    form,
    { log: runtime.log },
    {
      accept: async () => {
        if (!user) throw new UserError("Sign in to accept this invitation.", { status: 401 });
        const joined = await acceptInvitation(runtime, params.token, user);
        // They work in the company they just joined; if the session cannot keep the choice, the switcher still can.
        await switchCompany(runtime.database.db, user, joined.companyId).catch((error: unknown) =>
          runtime.log.warn({ err: error }, "could not make a joined company the session's current one"),
        );
        return redirectWithToast("/electrify/dashboard", { type: "success", title: `You joined ${joined.company}` });
      },
      create: async () => {
        if (user)
          throw new UserError(`You are signed in as ${user.email}. Sign out first to create a new account.`, {
            status: 409,
          });
        const parsed = newMemberAccountSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) throw invalidInput(parsed.error);
        const joined = await acceptWithNewAccount(runtime, params.token, parsed.data);
        const signedIn = await signInWithPassword(request, joined.email, parsed.data.password);
        if (signedIn.ok !== true) return redirect("/auth?redirectTo=%2Felectrify%2Fdashboard");
        return redirectWithToast(
          "/electrify/dashboard",
          { type: "success", title: `You joined ${joined.company}` },
          signedIn.headers,
        );
      },
    },
  );
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationCard {...loaderData} result={actionData} />;
}
