import { Link, useSearchParams } from "react-router";

import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  formatDate,
  formatDateTime,
  PAGE_SIZE,
  readParams,
  RecentActivity,
  submissionParamsSchema,
  SubmissionsPanel,
  userParamsSchema,
  UsersPanel,
} from "~/features/admin";
import { listRecentAudit, listSubmissions, listUsersPage, reviewDepot } from "~/features/admin/index.server";
import { depotStatusSchema, statusLabel } from "~/features/depots";
import { countDepotsByStatus } from "~/features/depots/index.server";
import { roleSchema } from "~/features/users";
import { addUser, changeUserRole, setUserActive } from "~/features/users/index.server";
import { handleIntent, succeeded, type IntentHandler } from "~/lib/action-result.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime, type Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | Electrify" }];

export type AdminTab = "submissions" | "users";

const emptyPage = { rows: [], total: 0, page: 1, pageCount: 1, pageSize: PAGE_SIZE };

/** The reason the page gives (the specification's 'Failed to load users: {reason}'): a refusal's own words, never a fault's. */
function reasonOf(error: unknown): string {
  return error instanceof UserError ? error.message : "Unknown error";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const runtime = getRuntime();
  const url = new URL(request.url);
  const tab: AdminTab = url.searchParams.get("tab") === "users" ? "users" : "submissions";
  const params = readParams(submissionParamsSchema, url.searchParams);
  const userParams = readParams(userParamsSchema, url.searchParams);

  const loadSubmissions = () =>
    listSubmissions(runtime, params).then(
      (page) => ({
        ...page,
        rows: page.rows.map((row) => ({ ...row, submittedLabel: formatDate(row.submittedAt) })),
        error: null,
      }),
      (error: unknown) => {
        runtime.log.error({ err: error }, "Failed to load depot submissions");
        return { ...emptyPage, error: "Failed to load depot submissions" };
      },
    );
  const loadUsers = () =>
    listUsersPage(runtime, userParams).then(
      (page) => ({
        ...page,
        rows: page.rows.map((row) => ({ ...row, createdLabel: formatDate(row.createdAt) })),
        error: null,
      }),
      (error: unknown) => {
        runtime.log.error({ err: error }, "Failed to load users");
        return { ...emptyPage, error: `Failed to load users: ${reasonOf(error)}` };
      },
    );
  // Only the open tab's rows: the other tab loads when it is opened.
  const [submissions, users, activity] = await Promise.all([
    tab === "submissions" ? loadSubmissions() : null,
    tab === "users" ? loadUsers() : null,
    listRecentAudit(runtime, 10).then((entries) =>
      entries.map((entry) => ({ ...entry, atLabel: formatDateTime(entry.at) })),
    ),
  ]);
  const statusCounts = tab === "submissions" ? await countDepotsByStatus(runtime, null) : null;
  return { tab, params, userParams, submissions, users, activity, statusCounts, currentUserId: admin.id };
}

type Context = { actor: SessionUser } & Runtime;
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const intents: Record<string, IntentHandler<Context>> = {
  "set-status": {
    refusedTitle: "Failed to update depot status",
    unexpected: "Please try again.",
    run: async (form, { actor, ...deps }) => {
      const status = depotStatusSchema.safeParse(text(form, "status"));
      if (!status.success) throw invalidInput(status.error);
      const result = await reviewDepot(deps, { depotId: parseId(text(form, "depotId")), status: status.data, actor });
      if (result.outcome === "not-found") throw new UserError("That depot no longer exists", { status: 404 });
      return succeeded(`Depot status updated to ${statusLabel(status.data)}`);
    },
  },
  "set-role": {
    refusedTitle: "Failed to update user role",
    unexpected: "Please try again.",
    run: async (form, { actor, ...deps }) => {
      const role = roleSchema.safeParse(text(form, "role"));
      if (!role.success) throw invalidInput(role.error);
      await changeUserRole(deps, { userId: text(form, "userId"), role: role.data, actor });
      return succeeded(role.data === "admin" ? "User assigned to admin role" : "User removed from admin role");
    },
  },
  "set-active": {
    refusedTitle: (form) =>
      text(form, "active") === "true" ? "Failed to reactivate user" : "Failed to deactivate user",
    unexpected: "Please try again.",
    run: async (form, { actor, ...deps }) => {
      const active = text(form, "active");
      if (active !== "true" && active !== "false")
        throw new UserError("Choose whether to activate or deactivate the user");
      const result = await setUserActive(deps, { userId: text(form, "userId"), active: active === "true", actor });
      return result.active
        ? succeeded({ title: "User reactivated", description: `${result.email} can sign in again.` })
        : succeeded({ title: "User deactivated", description: `${result.email} was signed out and cannot sign in.` });
    },
  },
  "add-user": {
    unexpected: "Failed to create user: please try again.",
    run: async (form, { actor, ...deps }) => {
      const email = text(form, "email").trim();
      const password = text(form, "password");
      const invite = text(form, "invite") === "on";
      if (!email || (!invite && !password)) {
        throw new UserError("Email and password are required", {
          fieldErrors: {
            form: "Email and password are required",
            ...(email ? {} : { email: "Email is required" }),
            ...(invite || password ? {} : { password: "Password is required" }),
          },
        });
      }
      const created = await addUser(deps, { email, password, invite, actor }).catch((error: unknown) => {
        if (error instanceof UserError)
          throw new UserError(`Failed to create user: ${error.message}`, { status: error.status });
        throw error;
      });
      const description = !created.invited
        ? undefined
        : created.emailSent
          ? `An invitation was e-mailed to ${created.email}.`
          : `The invitation to ${created.email} is queued and will be retried.`;
      return succeeded({ title: "User created successfully", description });
    },
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const form = await readForm(request);
  return handleIntent(form, { actor: admin, ...getRuntime() }, intents);
}

function TabLoading() {
  return (
    <p role="status" className="mt-6 text-sm text-muted-foreground">
      Loading...
    </p>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const changeTab = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === "users") next.set("tab", "users");
    else next.delete("tab");
    setSearchParams(next, { preventScrollReset: true });
  };
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Review depot submissions and manage who can use Electrify.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/connections">Connection applications</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/grid-data">Network capacity data</Link>
          </Button>
        </div>
      </div>
      <Tabs value={loaderData.tab} onValueChange={changeTab} className="mt-6">
        <TabsList>
          <TabsTrigger value="submissions">Depot Submissions</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
        </TabsList>
        <TabsContent value="submissions">
          {loaderData.submissions ? (
            <SubmissionsPanel
              submissions={loaderData.submissions}
              params={loaderData.params}
              counts={loaderData.statusCounts}
            />
          ) : (
            <TabLoading />
          )}
        </TabsContent>
        <TabsContent value="users">
          {loaderData.users ? (
            <UsersPanel
              users={loaderData.users}
              params={loaderData.userParams}
              currentUserId={loaderData.currentUserId}
            />
          ) : (
            <TabLoading />
          )}
        </TabsContent>
      </Tabs>
      <RecentActivity entries={loaderData.activity} />
    </section>
  );
}
