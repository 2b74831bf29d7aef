import { data, Link, useSearchParams } from "react-router";

import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { listRecentAudit } from "~/features/admin/audit.server";
import { RecentActivity } from "~/features/admin/components/recent-activity";
import { SubmissionsPanel } from "~/features/admin/components/submissions-panel";
import { UsersPanel } from "~/features/admin/components/users-panel";
import { depotStatusSchema } from "~/features/admin/depot-status";
import { formatDate, formatDateTime } from "~/features/admin/format";
import { PAGE_SIZE, readParams, submissionParamsSchema, userParamsSchema } from "~/features/admin/list-params";
import { addUser, changeUserRole, listUsersPage, setUserActive } from "~/features/admin/manage-users.server";
import { listSubmissions, reviewDepot } from "~/features/admin/submissions.server";
import { UserRuleError } from "~/features/users/user-errors";
import { roleSchema } from "~/features/users/user-schemas";
import { requireAdmin } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import type { ActionToast } from "~/lib/use-fetcher-toast";

import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | Electrify" }];

export type AdminTab = "submissions" | "users";

const emptyPage = { rows: [], total: 0, page: 1, pageCount: 1, pageSize: PAGE_SIZE };

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Unknown error";
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
  return { tab, params, userParams, submissions, users, activity, currentUserId: admin.id };
}

export type AdminActionData = { ok: boolean; toast: ActionToast; errors?: Record<string, string> };

function answer(body: AdminActionData, status = body.ok ? 200 : 400) {
  return data(body, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const runtime = getRuntime();
  const actor = { id: admin.id, email: admin.email };
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };

  switch (field("intent")) {
    case "set-status": {
      const failed = (description: string, status = 400) =>
        answer({ ok: false, toast: { type: "error", title: "Failed to update depot status", description } }, status);
      const status = depotStatusSchema.safeParse(field("status"));
      if (!status.success) return failed(status.error.issues[0]?.message ?? "Choose a status");
      try {
        const result = await reviewDepot(runtime, { depotId: parseId(field("depotId")), status: status.data, actor });
        if (result.outcome === "not-found") return failed("That depot no longer exists", 404);
        return answer({ ok: true, toast: { type: "success", title: `Depot status updated to ${status.data}` } });
      } catch (error) {
        runtime.log.error({ err: error }, "Failed to update depot status");
        return failed("Please try again.", 500);
      }
    }

    case "set-role": {
      const failed = (description: string, status = 400) =>
        answer({ ok: false, toast: { type: "error", title: "Failed to update user role", description } }, status);
      const role = roleSchema.safeParse(field("role"));
      if (!role.success) return failed(role.error.issues[0]?.message ?? "Role must be admin or user");
      try {
        await changeUserRole(runtime, { userId: field("userId"), role: role.data, actor });
        return answer({
          ok: true,
          toast: {
            type: "success",
            title: role.data === "admin" ? "User assigned to admin role" : "User removed from admin role",
          },
        });
      } catch (error) {
        if (error instanceof UserRuleError) return failed(error.message);
        runtime.log.error({ err: error }, "Failed to update user role");
        return failed("Please try again.", 500);
      }
    }

    case "set-active": {
      const active = field("active");
      const title = active === "true" ? "Failed to reactivate user" : "Failed to deactivate user";
      const failed = (description: string, status = 400) =>
        answer({ ok: false, toast: { type: "error", title, description } }, status);
      if (active !== "true" && active !== "false") return failed("Choose whether to activate or deactivate the user");
      try {
        const result = await setUserActive(runtime, { userId: field("userId"), active: active === "true", actor });
        return answer({
          ok: true,
          toast: result.active
            ? { type: "success", title: "User reactivated", description: `${result.email} can sign in again.` }
            : {
                type: "success",
                title: "User deactivated",
                description: `${result.email} was signed out and cannot sign in.`,
              },
        });
      } catch (error) {
        if (error instanceof UserRuleError) return failed(error.message);
        runtime.log.error({ err: error }, "Failed to change whether a user is active");
        return failed("Please try again.", 500);
      }
    }

    case "add-user": {
      const email = field("email").trim();
      const password = field("password");
      const invite = field("invite") === "on";
      const failed = (reason: string, status = 400, errors?: Record<string, string>) =>
        answer(
          {
            ok: false,
            toast: { type: "error", title: `Failed to create user: ${reason}` },
            errors: { form: `Failed to create user: ${reason}`, ...errors },
          },
          status,
        );
      if (!email || (!invite && !password)) {
        return answer(
          {
            ok: false,
            toast: { type: "error", title: "Email and password are required" },
            errors: {
              form: "Email and password are required",
              ...(email ? {} : { email: "Email is required" }),
              ...(invite || password ? {} : { password: "Password is required" }),
            },
          },
          400,
        );
      }
      try {
        const created = await addUser(runtime, { email, password, invite, actor });
        return answer({
          ok: true,
          toast: {
            type: "success",
            title: "User created successfully",
            description: created.invited
              ? created.emailSent
                ? `An invitation was e-mailed to ${created.email}.`
                : `The invitation to ${created.email} is queued and will be retried.`
              : undefined,
          },
        });
      } catch (error) {
        if (error instanceof UserRuleError) return failed(error.message);
        runtime.log.error({ err: error }, "Failed to create user");
        return failed(reasonOf(error), 500);
      }
    }

    default:
      return answer({ ok: false, toast: { type: "error", title: "Unknown action" } });
  }
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
        <Button asChild variant="outline">
          <Link to="/admin/grid-data">Network capacity data</Link>
        </Button>
      </div>
      <Tabs value={loaderData.tab} onValueChange={changeTab} className="mt-6">
        <TabsList>
          <TabsTrigger value="submissions">Depot Submissions</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
        </TabsList>
        <TabsContent value="submissions">
          {loaderData.submissions ? (
            <SubmissionsPanel submissions={loaderData.submissions} params={loaderData.params} />
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
