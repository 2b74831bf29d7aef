/**
 * Who may open each route of app/routes.ts, and what happens to everyone
 * else. The server enforces this (middleware on the layout routes); the test
 * tests/integration/access-table.test.ts fails when a route has no entry here
 * or when the running server disagrees with an entry.
 *
 *   "ok"         the page (or resource) answers with 2xx
 *   "sign-in"    redirect to /auth?redirectTo=<the requested path>
 *   "not-found"  404
 *   "forbidden"  403
 *   "post-only"  405 for GET (an action-only resource)
 *   "/path"      redirect to that path
 */
export type Outcome = "ok" | "sign-in" | "not-found" | "forbidden" | "post-only" | `/${string}`;
export type Audience = "anonymous" | "user" | "admin";
export type AccessRule = Record<Audience, Outcome>;

const everyone: AccessRule = { anonymous: "ok", user: "ok", admin: "ok" };
const signedIn: AccessRule = { anonymous: "sign-in", user: "ok", admin: "ok" };
const hauliersOnly: AccessRule = { anonymous: "sign-in", user: "ok", admin: "/admin" };
const adminsOnly: AccessRule = { anonymous: "sign-in", user: "/", admin: "ok" };

export const accessTable: Record<string, AccessRule> = {
  "/": { anonymous: "ok", user: "/depots", admin: "/admin" },
  "/products": everyone,
  "/electrify": { anonymous: "ok", user: "/electrify/dashboard", admin: "/electrify/dashboard" },
  "/box-charge": everyone,
  "/about-us": everyone,
  "/legal": everyone,
  "/auth": { anonymous: "ok", user: "/depots", admin: "/admin" },
  "/forgot-password": everyone,
  "/auth/two-factor": { anonymous: "ok", user: "/depots", admin: "/admin" },
  "/reset-password": everyone,
  "/auth/sign-out": { anonymous: "/", user: "/", admin: "/" },
  "/api/auth/*": everyone,
  "/investors/unlock": { anonymous: "post-only", user: "post-only", admin: "post-only" },
  "/investors/lock": { anonymous: "post-only", user: "post-only", admin: "post-only" },
  // Only a browser holding a fresh grant from /investors/unlock; a session does not help.
  "/investors/documents/:slug": { anonymous: "forbidden", user: "forbidden", admin: "forbidden" },
  "/surveys": { anonymous: "post-only", user: "post-only", admin: "post-only" },
  // A photo that is not the viewer's answers exactly like one that does not exist.
  "/photos/:photoId": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/photos/:photoId/thumbnail": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/robots.txt": everyone,
  "/sitemap.xml": everyone,
  "/depots": hauliersOnly,
  // The sample id belongs to no one: a depot that is not the viewer's answers exactly like an unknown one.
  "/depots/:id": { anonymous: "sign-in", user: "not-found", admin: "/admin" },
  "/depots/:id/survey": { anonymous: "sign-in", user: "/depots/42", admin: "/admin" },
  "/survey": signedIn,
  "/confirmation": signedIn,
  "/account": signedIn,
  "/electrify/dashboard": signedIn,
  "/electrify/company-setup": signedIn,
  "/electrify/energy-map": signedIn,
  // Opens the first depot's workspace; without depots (as here), where to add them.
  "/electrify/depot-details": signedIn,
  // The old report address: with ?id= it moved to /electrify/depots/:id/report; without, the same 404 as someone else's depot.
  "/electrify/depot-report": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  // A depot's workspace opens on its layout; the sample id belongs to no one, so each tab answers 404.
  "/electrify/depots/:id": {
    anonymous: "sign-in",
    user: "/electrify/depots/42/layout",
    admin: "/electrify/depots/42/layout",
  },
  "/electrify/depots/:id/layout": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/depots/:id/summary": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/depots/:id/plan": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/depots/:id/trips": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/depots/:id/report": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/portfolio": signedIn,
  // The portfolio's PDF is of the viewer's own depots: without any there is nothing to report (the table's users have none).
  "/electrify/portfolio/report": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/portfolio/:depotId/connection": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/portfolio/:depotId/quote": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/operations": signedIn,
  // The sample id belongs to no one: a depot not operated by the viewer answers like an unknown one.
  "/electrify/operations/:depotId": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/operations/:depotId/events": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/electrify/operations/:depotId/statement.csv": { anonymous: "sign-in", user: "not-found", admin: "not-found" },
  "/admin": adminsOnly,
  // The sample id does not exist: the admin sees 'Depot not found' with a 404.
  "/admin/depot/:id": { anonymous: "sign-in", user: "/", admin: "not-found" },
  "/admin/submissions.csv": adminsOnly,
  "/admin/grid-data": adminsOnly,
  "/admin/connections": adminsOnly,
  "/*": { anonymous: "not-found", user: "not-found", admin: "not-found" },
};
