import { ArrowLeftIcon, MonitorSmartphoneIcon } from "lucide-react";
import { data, Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { fieldErrors, passwordChangeSchema, profileSchema } from "~/features/users/account-schemas";
import { describeUserAgent } from "~/features/users/describe-user-agent";
import { getProfile, saveProfile } from "~/features/users/profile.server";
import { callAuthEndpoint, setCookieHeaders } from "~/lib/auth/auth-handler.server";
import { requireUser } from "~/lib/auth/guards.server";
import { toIsoString } from "~/lib/db/dialect.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Electrify" }];

const lastActive = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const sessions = await runtime.auth.api.listSessions({ headers: request.headers });
  return {
    email: user.email,
    profile: await getProfile(runtime, user.id),
    // Only what the page shows: never the session tokens.
    sessions: sessions
      .map((session) => ({
        id: session.id,
        device: describeUserAgent(session.userAgent),
        lastActive: lastActive.format(new Date(toIsoString(session.updatedAt))),
        updatedAt: toIsoString(session.updatedAt),
        current: session.id === user.sessionId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.localeCompare(a.updatedAt)),
  };
}

type ActionData = { intent: string; errors: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "profile") {
    const parsed = profileSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data<ActionData>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    try {
      await saveProfile(runtime, user.id, parsed.data);
    } catch (error) {
      runtime.log.error({ err: error, userId: user.id }, "Error saving profile");
      return data<ActionData>({ intent, errors: { form: "Error saving profile" } }, { status: 500 });
    }
    return redirectWithToast("/account", { type: "success", title: "Profile updated successfully" });
  }

  if (intent === "password") {
    const parsed = passwordChangeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data<ActionData>({ intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    const response = await callAuthEndpoint(request, "/change-password", {
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.newPassword,
      revokeOtherSessions: true,
    });
    if (response.ok) return redirectWithToast("/account", { type: "success", title: "Password updated successfully" }, setCookieHeaders(response));
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    if (body.code === "INVALID_PASSWORD") return data<ActionData>({ intent, errors: { currentPassword: "Current password is incorrect" } }, { status: 400 });
    if (response.status === 429) return data<ActionData>({ intent, errors: { form: "Too many attempts. Please wait a minute and try again." } }, { status: 429 });
    return data<ActionData>({ intent, errors: { form: body.message || "Error updating password" } }, { status: response.status });
  }

  if (intent === "revoke-other-sessions") {
    const response = await callAuthEndpoint(request, "/revoke-other-sessions", {});
    if (!response.ok) return data<ActionData>({ intent, errors: { form: "Could not sign out the other sessions. Please try again." } }, { status: 500 });
    return redirectWithToast("/account", { type: "success", title: "Signed out of all other sessions" });
  }

  return data<ActionData>({ intent: String(intent), errors: { form: "Unknown action" } }, { status: 400 });
}

function Value({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1">{value || "Not provided"}</dd>
    </div>
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errors = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const editing = searchParams.get("edit") === "profile" || (actionData?.intent === "profile" && Object.keys(actionData.errors).length > 0);
  const { profile } = loaderData;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <div>
        <Button variant="ghost" onClick={() => navigate(-1)} className="-ml-3">
          <ArrowLeftIcon aria-hidden="true" />
          Back
        </Button>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">My Account</h1>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How you appear to our team and in the app.</CardDescription>
        </CardHeader>
        <CardContent>
          {editing ? (
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="profile" />
              <div className="grid gap-2">
                <Label htmlFor="account-email">Email</Label>
                <Input id="account-email" value={loaderData.email} readOnly disabled />
              </div>
              <TextField name="name" label="Name" defaultValue={profile.name ?? ""} error={errors("profile").name} autoComplete="name" />
              <TextField name="organization" label="Organization" defaultValue={profile.organization ?? ""} error={errors("profile").organization} autoComplete="organization" />
              <TextField name="phone" label="Phone" type="tel" defaultValue={profile.phone ?? ""} error={errors("profile").phone} autoComplete="tel" />
              {errors("profile").form ? <p role="alert" className="text-sm text-destructive">{errors("profile").form}</p> : null}
              <div className="flex gap-3">
                <Button type="submit" disabled={busy("profile")}>
                  {busy("profile") ? "Saving..." : "Save Changes"}
                </Button>
                <Button asChild variant="outline">
                  <Link to="/account" replace>
                    Cancel
                  </Link>
                </Button>
              </div>
            </Form>
          ) : (
            <div className="grid gap-5">
              <dl className="grid gap-5 sm:grid-cols-2">
                <Value label="Email" value={loaderData.email} />
                <Value label="Name" value={profile.name} />
                <Value label="Organization" value={profile.organization} />
                <Value label="Phone" value={profile.phone} />
              </dl>
              <div>
                <Button asChild>
                  <Link to="/account?edit=profile" replace>
                    Edit Profile
                  </Link>
                </Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Update Password</CardTitle>
          <CardDescription>Other devices are signed out when your password changes.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4" key={actionData?.intent === "password" ? "password-retry" : "password"}>
            <input type="hidden" name="intent" value="password" />
            <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" error={errors("password").currentPassword} />
            <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" error={errors("password").newPassword} />
            <TextField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" error={errors("password").confirmPassword} />
            {errors("password").form ? <p role="alert" className="text-sm text-destructive">{errors("password").form}</p> : null}
            <div>
              <Button type="submit" disabled={busy("password")}>
                {busy("password") ? "Updating..." : "Update Password"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>Where your account is signed in.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-2" aria-label="Active sessions">
            {loaderData.sessions.map((session) => (
              <li key={session.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                <span className="flex items-center gap-3">
                  <MonitorSmartphoneIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">{session.device}</span>
                    <span className="block text-sm text-muted-foreground">Last active {session.lastActive}</span>
                  </span>
                </span>
                {session.current ? <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">This device</span> : null}
              </li>
            ))}
          </ul>
          {loaderData.sessions.length > 1 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-other-sessions" />
              <Button type="submit" variant="outline" disabled={busy("revoke-other-sessions")}>
                Sign out all other sessions
              </Button>
            </Form>
          ) : null}
          {errors("revoke-other-sessions").form ? <p role="alert" className="text-sm text-destructive">{errors("revoke-other-sessions").form}</p> : null}
        </CardContent>
      </Card>
    </section>
  );
}
