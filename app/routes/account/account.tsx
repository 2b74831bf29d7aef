import { ArrowLeftIcon } from "lucide-react";
import QRCode from "qrcode";
import { useNavigate, useNavigation, useSearchParams } from "react-router";

import { Button } from "~/components/ui/button";
import {
  describeUserAgent,
  PasswordCard,
  passwordChangeSchema,
  ProfileCard,
  profileSchema,
  SessionsCard,
  TwoFactorCard,
  type TwoFactorSetup,
} from "~/features/users";
import { getProfile, saveProfile, verifyTotpCode } from "~/features/users/index.server";
import type { ActionResult } from "~/lib/action-result";
import { failed, handleIntent, succeeded, type IntentHandler } from "~/lib/action-result.server";
import { accountAttemptAllowed, recordAccountAttempt, waitText } from "~/lib/attempt-limits.server";
import { callAuthEndpoint, setCookieHeaders } from "~/lib/auth/auth-handler.server";
import { requireUser } from "~/lib/auth/guards.server";
import { revokeOtherSessions } from "~/lib/auth/hashed-session-tokens.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { toIsoString } from "~/lib/db/dialect.server";
import { readForm } from "~/lib/request-body.server";
import { getRuntime, type Runtime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { UK_ZONE } from "~/lib/uk-dates";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Electrify" }];

const lastActive = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: UK_ZONE,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const sessions = await runtime.auth.api.listSessions({ headers: request.headers });
  return {
    email: user.email,
    twoFactorEnabled: user.twoFactorEnabled === true,
    twoFactorRequired: new URL(request.url).searchParams.get("twoFactor") === "required",
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

type ActionData = ActionResult & { setup?: TwoFactorSetup };

async function setupFor(totpURI: string, backupCodes: string[]): Promise<TwoFactorSetup> {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return {
    totpURI,
    secret,
    backupCodes,
    qrSvg: await QRCode.toString(totpURI, { type: "svg", margin: 1, width: 200 }),
  };
}

const DISABLE_2FA_REFUSED =
  "The code or the password is not correct. Enter the current code from your authenticator app and your password.";

/** A refusal shown by one field of the form. */
const fieldError = (field: string, message: string, status = 400) =>
  new UserError(message, { status, fieldErrors: { [field]: message } });

type Context = { request: Request; user: SessionUser } & Runtime;

/**
 * Checks of the current password or an authenticator code are throttled per account (5 wrong in 15
 * minutes): `throttle` refuses (429, on `field`) when none is left; `wrong` counts a failed check.
 */
async function throttle({ database, user }: Context, field: string) {
  const decision = await accountAttemptAllowed(database.db, "account-check", user.id);
  if (!decision.allowed)
    throw fieldError(
      field,
      `Too many wrong attempts. Please wait ${waitText(decision.retryAfterSeconds)} and try again.`,
      429,
    );
}
const wrong = ({ database, user }: Context) => recordAccountAttempt(database.db, "account-check", user.id);

const intents: Record<string, IntentHandler<Context, ActionData>> = {
  profile: {
    unexpected: "Error saving profile",
    run: async (form, context) => {
      const parsed = profileSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw invalidInput(parsed.error);
      await saveProfile(context, context.user.id, parsed.data);
      return redirectWithToast("/account", { type: "success", title: "Profile updated successfully" });
    },
  },
  password: async (form, context) => {
    const parsed = passwordChangeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw invalidInput(parsed.error);
    await throttle(context, "currentPassword");
    const response = await callAuthEndpoint(context.request, "/change-password", {
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.newPassword,
      revokeOtherSessions: true,
    });
    if (response.ok)
      return redirectWithToast(
        "/account",
        { type: "success", title: "Password updated successfully" },
        setCookieHeaders(response),
      );
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    if (body.code === "INVALID_PASSWORD") {
      await wrong(context);
      throw fieldError("currentPassword", "Current password is incorrect");
    }
    if (response.status === 429)
      throw new UserError("Too many attempts. Please wait a minute and try again.", { status: 429 });
    throw new UserError(body.message || "Error updating password", { status: response.status });
  },
  "enable-2fa": async (form, context) => {
    const password = String(form.get("password") ?? "");
    if (!password) throw fieldError("password", "Enter your password to continue");
    await throttle(context, "password");
    const response = await callAuthEndpoint(context.request, "/two-factor/enable", { password });
    if (!response.ok) {
      await wrong(context);
      throw fieldError("password", "Password is incorrect");
    }
    const body = (await response.json()) as { totpURI: string; backupCodes: string[] };
    // The next step is on this page (scan, then enter a code): no toast.
    return succeeded(null, { setup: await setupFor(body.totpURI, body.backupCodes) }, "enable-2fa");
  },
  "verify-2fa": async (form, context) => {
    const code = String(form.get("code") ?? "").replace(/\s+/g, "");
    const totpURI = String(form.get("totpURI") ?? "");
    // A refused code shows the set-up step again (the QR code from the same secret) with the message.
    const retry = async (error: UserError) =>
      failed(error, {
        intent: "enable-2fa",
        extra: { setup: totpURI.startsWith("otpauth://") ? await setupFor(totpURI, []) : undefined },
      });
    if (!/^\d{6}$/.test(code)) return retry(fieldError("code", "Enter the 6-digit code from your authenticator app"));
    try {
      await throttle(context, "code");
    } catch (error) {
      if (error instanceof UserError) return retry(new UserError(error.message, { fieldErrors: error.fieldErrors }));
      throw error;
    }
    const response = await callAuthEndpoint(context.request, "/two-factor/verify-totp", { code });
    if (!response.ok) {
      await wrong(context);
      return retry(fieldError("code", "That code is not valid. Check the time on your phone and try again."));
    }
    return redirectWithToast(
      "/account",
      { type: "success", title: "Two-factor sign-in is on" },
      setCookieHeaders(response),
    );
  },
  "disable-2fa": async (form, context) => {
    const code = String(form.get("code") ?? "").replace(/\s+/g, "");
    await throttle(context, "code");
    // One answer for a wrong code and a wrong password, so neither can be guessed on its own.
    const refused = async () => {
      await wrong(context);
      return fieldError("code", DISABLE_2FA_REFUSED);
    };
    if (!(await verifyTotpCode(context, context.user.id, code))) throw await refused();
    const response = await callAuthEndpoint(context.request, "/two-factor/disable", {
      password: String(form.get("password") ?? ""),
    });
    if (!response.ok) throw await refused();
    return redirectWithToast(
      "/account",
      { type: "success", title: "Two-factor sign-in is off" },
      setCookieHeaders(response),
    );
  },
  "revoke-other-sessions": async (_form, context) => {
    // By session id: Better Auth's own endpoint compares tokens, and only their digests are stored.
    if (!context.user.sessionId)
      throw new UserError("Could not sign out the other sessions. Please try again.", { status: 500 });
    await revokeOtherSessions(context, context.user.id, context.user.sessionId);
    return redirectWithToast("/account", { type: "success", title: "Signed out of all other sessions" });
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request);
  return handleIntent(form, { request, user, ...getRuntime() }, intents);
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errors = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const editing =
    searchParams.get("edit") === "profile" ||
    (actionData?.intent === "profile" && Object.keys(actionData.errors).length > 0);
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

      <ProfileCard
        email={loaderData.email}
        profile={profile}
        editing={editing}
        errors={errors("profile")}
        busy={busy("profile")}
      />
      <PasswordCard errors={errors("password")} busy={busy("password")} retry={actionData?.intent === "password"} />
      <TwoFactorCard
        enabled={loaderData.twoFactorEnabled}
        required={loaderData.twoFactorRequired}
        setup={actionData?.setup}
        errors={errors}
        busy={busy}
      />
      <SessionsCard
        sessions={loaderData.sessions}
        errors={errors("revoke-other-sessions")}
        busy={busy("revoke-other-sessions")}
      />
    </section>
  );
}
