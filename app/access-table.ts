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
 *   "key-only"   401: the fleet API takes a company's key, never a browser's session
 *   "/path"      redirect to that path
 */
export type Outcome = "ok" | "sign-in" | "not-found" | "forbidden" | "post-only" | "key-only" | `/${string}`;
/**
 * Who asks (issue 48): a company's owner, fleet manager, depot manager and viewer; the depot manager again with the
 * URL of the company's other depot (not theirs); a member of another company; an admin; nobody signed in. A URL with
 * an id names the company's first depot (the depot manager's), except for `depotManagerOther`.
 */
export const AUDIENCES = [
  "anonymous",
  "owner",
  "fleetManager",
  "depotManager",
  "depotManagerOther",
  "viewer",
  "outsider",
  "admin",
] as const;
export type Audience = (typeof AUDIENCES)[number];
export type AccessRule = Record<Audience, Outcome>;

/** The same outcome for every member of the company (and of another company) on a page of their own company. */
const members = (outcome: Outcome): Omit<AccessRule, "anonymous" | "admin"> => ({
  owner: outcome,
  fleetManager: outcome,
  depotManager: outcome,
  depotManagerOther: outcome,
  viewer: outcome,
  outsider: outcome,
});
const everyone: AccessRule = { anonymous: "ok", ...members("ok"), admin: "ok" };
const signedIn: AccessRule = { anonymous: "sign-in", ...members("ok"), admin: "ok" };
const hauliersOnly: AccessRule = { anonymous: "sign-in", ...members("ok"), admin: "/admin" };
const adminsOnly: AccessRule = { anonymous: "sign-in", ...members("/"), admin: "ok" };
/**
 * A page of one depot: whoever reaches the depot gets `reached`; the depot manager of another depot and a member of
 * another company get the same 404 as for a depot that does not exist; an admin gets `admin`.
 */
const ofDepot = (reached: Outcome, admin: Outcome = "not-found"): AccessRule => ({
  anonymous: "sign-in",
  owner: reached,
  fleetManager: reached,
  depotManager: reached,
  depotManagerOther: "not-found",
  viewer: reached,
  outsider: "not-found",
  admin,
});
export const accessTable: Record<string, AccessRule> = {
  "/": { anonymous: "ok", ...members("/depots"), admin: "/admin" },
  "/products": everyone,
  "/electrify": { anonymous: "ok", ...members("/electrify/dashboard"), admin: "/electrify/dashboard" },
  "/box-charge": everyone,
  "/about-us": everyone,
  "/legal": everyone,
  "/auth": { anonymous: "ok", ...members("/depots"), admin: "/admin" },
  "/forgot-password": everyone,
  "/auth/two-factor": { anonymous: "ok", ...members("/depots"), admin: "/admin" },
  "/reset-password": everyone,
  "/auth/sign-out": { anonymous: "/", ...members("/"), admin: "/" },
  // A link that grants nothing says so to anyone who opens it (the sample token is no invitation).
  "/invitations/:token": everyone,
  "/api/auth/*": everyone,
  // The fleet API (issue 49): its document is public; every call takes a company's key, whoever is signed in
  // (tests/integration/fleet-api.test.ts tries the keys).
  "/api/v1/openapi.json": everyone,
  "/api/v1/depots": { anonymous: "key-only", ...members("key-only"), admin: "key-only" },
  "/api/v1/depots/:depotId/readiness": { anonymous: "key-only", ...members("key-only"), admin: "key-only" },
  "/api/v1/depots/:depotId/vehicles/:vehicle": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/api/v1/depots/:depotId/schedule": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/api/v1/depots/:depotId/meter": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/api/v1/depots/:depotId/network": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/api/v1/depots/:depotId/flexibility": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/api/v1/depots/:depotId/chargers": { anonymous: "key-only", ...members("key-only"), admin: "key-only" },
  "/api/v1/hubs": { anonymous: "key-only", ...members("key-only"), admin: "key-only" },
  "/api/v1/hubs/:hubId/bookings": { anonymous: "key-only", ...members("key-only"), admin: "key-only" },
  "/api/v1/hubs/:hubId/bookings/:bookingId": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/api/v1/hubs/:hubId/visits": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/api/v1/hubs/:hubId/statements/:month": { anonymous: "key-only", ...members("key-only"), admin: "key-only" },
  "/investors/unlock": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/investors/lock": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  // Only a browser holding a fresh grant from /investors/unlock; a session does not help.
  "/investors/documents/:slug": { anonymous: "forbidden", ...members("forbidden"), admin: "forbidden" },
  "/surveys": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  // A photo of a depot out of reach answers exactly like one that does not exist; the admins see every photo.
  "/photos/:photoId": ofDepot("ok", "ok"),
  "/photos/:photoId/thumbnail": ofDepot("ok", "ok"),
  "/robots.txt": everyone,
  // What chargers fetch and upload (issue 59): a one-time token each; the sample's is nobody's.
  "/ocpp-files/firmware/:token": { anonymous: "not-found", ...members("not-found"), admin: "not-found" },
  "/ocpp-files/upload/:token": { anonymous: "post-only", ...members("post-only"), admin: "post-only" },
  "/sitemap.xml": everyone,
  "/depots": hauliersOnly,
  "/depots/:id": ofDepot("ok", "/admin"),
  // The survey of a depot already submitted is read on the depot's page.
  "/depots/:id/survey": {
    ...ofDepot("/depots/:id", "/admin"),
    depotManagerOther: "/depots/:id",
    outsider: "/depots/:id",
  },
  "/survey": signedIn,
  "/confirmation": signedIn,
  "/account": signedIn,
  "/switch-company": { anonymous: "sign-in", ...members("/electrify/dashboard"), admin: "/electrify/dashboard" },
  "/electrify/dashboard": signedIn,
  "/electrify/company-setup": signedIn,
  // Everyone in a company sees its team (an admin's account has its own company too).
  "/electrify/team": signedIn,
  "/electrify/energy-map": signedIn,
  // Opens the first depot the viewer reaches (":own": the team's first, or the other company's own depot).
  "/electrify/depot-details": { ...signedIn, ...members("/electrify/depots/:own/layout") },
  // The old report address: with ?id= it moved to /electrify/depots/:id/report; without, the same 404 as someone else's depot.
  "/electrify/depot-report": { anonymous: "sign-in", ...members("not-found"), admin: "not-found" },
  // A depot's workspace opens on its layout tab, whose page then answers for the depot.
  "/electrify/depots/:id": {
    anonymous: "sign-in",
    ...members("/electrify/depots/:id/layout"),
    admin: "/electrify/depots/:id/layout",
  },
  "/electrify/depots/:id/layout": ofDepot("ok"),
  "/electrify/depots/:id/summary": ofDepot("ok"),
  "/electrify/depots/:id/plan": ofDepot("ok"),
  "/electrify/depots/:id/trips": ofDepot("ok"),
  "/electrify/depots/:id/report": ofDepot("ok"),
  "/electrify/portfolio": signedIn,
  // The portfolio's PDF is of the depots the viewer reaches in their own company; an admin's company has none.
  "/electrify/portfolio/report": { anonymous: "sign-in", ...members("ok"), admin: "not-found" },
  "/electrify/portfolio/:depotId/connection": ofDepot("ok", "ok"),
  "/electrify/portfolio/:depotId/quote": ofDepot("ok", "ok"),
  "/electrify/operations": signedIn,
  // Hubs (issue 50): the list is every signed-in person's; a hub's page is its operator's and the admins' until it
  // opens, then everyone's (tests/integration/hubs.test.ts). The sample id names no hub: 404 for everyone signed in.
  "/electrify/hubs": signedIn,
  "/electrify/hubs/:hubId": { anonymous: "sign-in", ...members("not-found"), admin: "not-found" },
  "/electrify/hubs/:hubId/events": { anonymous: "sign-in", ...members("not-found"), admin: "not-found" },
  "/electrify/hubs/:hubId/statement.csv": { anonymous: "sign-in", ...members("not-found"), admin: "not-found" },
  "/electrify/hubs/:hubId/statement.pdf": { anonymous: "sign-in", ...members("not-found"), admin: "not-found" },
  "/electrify/operations/:depotId": ofDepot("ok", "ok"),
  "/electrify/operations/:depotId/events": ofDepot("ok", "ok"),
  // A charger's page: the sample names no charger at the depot, so it is not found for anyone; whose chargers open it
  // is the access sweep's (app/access-actions.ts, with real chargers).
  "/electrify/operations/:depotId/chargers/:chargePointId": {
    anonymous: "sign-in",
    ...members("not-found"),
    admin: "not-found",
  },
  "/electrify/operations/:depotId/chargers/:chargePointId/frames.jsonl": {
    anonymous: "sign-in",
    ...members("not-found"),
    admin: "not-found",
  },
  "/electrify/operations/:depotId/statement.csv": ofDepot("ok", "ok"),
  "/electrify/operations/:depotId/firmware": ofDepot("ok", "ok"),
  "/electrify/operations/:depotId/network": ofDepot("ok", "ok"),
  // A file a charger uploaded: the sample names no upload, so it is not found for anyone (its owner's tests open it).
  "/electrify/operations/:depotId/chargers/:chargePointId/uploads/:uploadId": {
    anonymous: "sign-in",
    ...members("not-found"),
    admin: "not-found",
  },
  "/admin": adminsOnly,
  "/admin/depot/:id": { anonymous: "sign-in", ...members("/"), admin: "ok" },
  "/admin/submissions.csv": adminsOnly,
  "/admin/grid-data": adminsOnly,
  "/admin/connections": adminsOnly,
  "/*": { anonymous: "not-found", ...members("not-found"), admin: "not-found" },
};
