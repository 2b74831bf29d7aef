import { AlertChoices } from "~/features/alerts";
import { alertChoicesOf, setAlertChoices } from "~/features/alerts/index.server";
import { mayDo, requireRole } from "~/features/depots/index.server";
import { ApiKeysCard } from "~/features/fleet-api";
import { createApiKey, listApiKeys, revokeApiKey } from "~/features/fleet-api/index.server";
import { inviteSchema, roleChangeSchema, TeamPage } from "~/features/team";
import {
  changeRole,
  inviteMember,
  leaveCompany,
  removeMember,
  revokeInvitation,
  setNotify,
  teamPageData,
  transferOwnership,
} from "~/features/team/index.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { invalidInput } from "~/lib/user-error";

import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => [{ title: "Team | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const team = await teamPageData(runtime, user);
  // The fleet API's keys are the owners' to see and manage.
  const apiKeys = await listApiKeys(runtime, user);
  // Depot alerts are mailed to those who act on them (owners, fleet managers, depot managers): each chooses which.
  const alertChoices = mayDo(user, "member.alerts") ? await alertChoicesOf(runtime, user) : null;
  return { ...team, apiKeys, alertChoices };
}

/** Every change to the team; who may make it is the team feature's check (owners, except leaving and e-mails). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const form = await readForm(request, { fields: 260 });
  const fields = () => ({ ...Object.fromEntries(form), depotIds: form.getAll("depotIds") });
  return handleIntent(
    form,
    { log: runtime.log },
    {
      invite: async () => {
        requireRole(user, "team.manage");
        const parsed = inviteSchema.safeParse(fields());
        if (!parsed.success) throw invalidInput(parsed.error);
        const { emailSent } = await inviteMember(runtime, user, parsed.data);
        const title = `Invitation sent to ${parsed.data.email}`;
        return succeeded(
          emailSent ? title : { title, description: "The e-mail is queued and will be retried." },
          {},
          "invite",
        );
      },
      role: async () => {
        requireRole(user, "team.manage");
        const parsed = roleChangeSchema.safeParse(fields());
        if (!parsed.success) throw invalidInput(parsed.error);
        const email = await changeRole(runtime, user, parsed.data);
        return succeeded(`${email}'s role saved`, {}, "role");
      },
      remove: async () =>
        succeeded(`${await removeMember(runtime, user, parseId(form.get("memberId")))} removed`, {}, "remove"),
      transfer: async () => {
        const email = await transferOwnership(runtime, user, parseId(form.get("memberId")));
        return succeeded(`${email} is now an owner; you are a fleet manager`, {}, "transfer");
      },
      revoke: async () => {
        const email = await revokeInvitation(runtime, user, parseId(form.get("invitationId")));
        return succeeded(`Invitation to ${email} withdrawn`, {}, "revoke");
      },
      notify: async () => {
        const on = form.get("notify") === "on";
        await setNotify(runtime, user, on);
        return succeeded(on ? "E-mails turned on" : "E-mails turned off", {}, "notify");
      },
      "create-key": async () => {
        const created = await createApiKey(runtime, user, {
          name: form.get("name") ?? "",
          scopes: form.getAll("scopes"),
        });
        return succeeded(`Key ${created.name} created`, { key: created.key, name: created.name }, "create-key");
      },
      "revoke-key": async () => {
        const { name } = await revokeApiKey(runtime, user, parseId(form.get("keyId")));
        return succeeded(`Key ${name} revoked`, {}, "revoke-key");
      },
      "alert-choices": async () => {
        const on = await setAlertChoices(runtime, user, form.getAll("kinds"));
        return succeeded(on.length ? "Your alerts are saved" : "You will get no alert e-mails", {}, "alert-choices");
      },
      leave: async () => {
        const company = await leaveCompany(runtime, user);
        return redirectWithToast("/electrify/dashboard", { type: "success", title: `You left ${company}` });
      },
    },
  );
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { apiKeys, alertChoices, ...team } = loaderData;
  const extra = (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {alertChoices ? <AlertChoices chosen={alertChoices} /> : null}
      {apiKeys ? <ApiKeysCard keys={apiKeys} /> : null}
    </div>
  );
  return <TeamPage data={team} extra={alertChoices || apiKeys ? extra : null} />;
}
