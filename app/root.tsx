import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";

import { useInlineCss, useNonce } from "~/components/document-context";
import { LazyToaster } from "~/components/lazy-toaster";
import { activityMiddleware, currentCompanyMiddleware, requestMemberships } from "~/features/team/index.server";
import { getHeaderUser } from "~/features/users/index.server";
import { getSessionUser } from "~/lib/auth/guards.server";
import { sessionMiddleware } from "~/lib/auth/session.server";
import { getRuntime } from "~/lib/runtime.server";
import { toastContext, toastMiddleware, type Toast } from "~/lib/toast.server";

import type { Route } from "./+types/root";
import interFont from "./assets/fonts/inter-subset.woff2?url";

// The session, then the company it works in (and the role there), then the company's activity log, which writes
// the changes the policy allowed during the request (lib/access; who may do what is asked at every door, not here).
export const middleware: Route.MiddlewareFunction[] = [
  sessionMiddleware,
  currentCompanyMiddleware,
  activityMiddleware,
  toastMiddleware,
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The one font file (app.css), fetched with the page rather than after the styles are read.
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = getRuntime();
  const sessionUser = getSessionUser(context);
  return {
    user: sessionUser ? await getHeaderUser(runtime, sessionUser) : null,
    // The companies the header's switcher offers, the current one marked.
    companies: requestMemberships(context).map(({ id, name, role, current }) => ({ id, name, role, current })),
    toast: context.get(toastContext),
    contactEmail: runtime.env.CONTACT_EMAIL,
    appUrl: runtime.env.APP_URL,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const inlineCss = useInlineCss();
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Filled by the server only; the browser keeps what the server sent. */}
        <style id="app-css" dangerouslySetInnerHTML={{ __html: inlineCss }} suppressHydrationWarning />
      </head>
      <body className="min-h-screen">
        {children}
        <LazyToaster eager={Boolean(root?.user || root?.toast)} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function useToastOnce(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    // Sonner's id makes a toast appear once even if the effect runs twice.
    void import("sonner").then(({ toast: show }) =>
      show[toast.type](toast.title, { id: toast.id, description: toast.description }),
    );
  }, [toast]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToastOnce(loaderData.toast);
  useEffect(() => {
    // Lets end-to-end tests (and curious people) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refusal thrown with a message (e.g. a form that could not be read) shows it.
  const detail = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.status < 500 && error.data
      ? error.data
      : `${error.status} ${error.statusText || ""}`.trim()
    : error instanceof Error && import.meta.env.DEV
      ? error.message
      : "Something went wrong on our side. Please try again.";
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-start justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">{detail}</p>
      <a href="/" className="font-medium text-primary underline underline-offset-4">
        Return to Home
      </a>
    </main>
  );
}
