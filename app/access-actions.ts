/**
 * The policy's rows for every action route's intent and every page that names a company's thing (issue 58): what
 * each asks the policy, so tests/integration/access-sweep.test.ts can try every principal on every one and hold the
 * running server to app/lib/access/rules.ts. Beside app/access-table.ts, which says who may open each page at all.
 */
import type { Outcome } from "~/access-table";
import type { Action } from "~/lib/access/policy";

/**
 * What each action route's intent asks the policy (issue 58), for tests/integration/access-sweep.test.ts: which thing
 * its URL and form name (`target`), the policy's action on it, and fields that fail the intent's own checks once the
 * policy has allowed it, so the sweep can send every principal every intent and change nothing. `invalid` is null for
 * an intent with nothing to get wrong (removing, suspending, leaving): it is sent only to the principals the policy
 * refuses, and its allowed path is its feature's tests'. `read`: the read that decides 404 against 403 when the
 * intent's thing is not the action's (removing a depot from the company's list). A route of the build with an action
 * and no row here, or an intent of its source with none, fails the sweep.
 */
export type Target =
  | "company"
  | "self"
  | "depot"
  | "charger"
  | "tag"
  | "hub"
  | "contract"
  | "booking"
  | "dispute"
  | "statement"
  | "consultancy";
export type IntentRow = {
  action: Action;
  target: Target;
  invalid: Record<string, string> | null;
  read?: Action;
};
const row = (action: Action, target: Target, invalid: Record<string, string> | null, read?: Action): IntentRow => ({
  action,
  target,
  invalid,
  ...(read ? { read } : {}),
});
/** Routes whose actions are a person's own place or public, not a company's thing: not the policy's. */
export const OWN_OR_PUBLIC_ACTIONS = [
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/auth/two-factor",
  "/auth/sign-out",
  "/invitations/:token",
  "/api/auth/*",
  "/investors/unlock",
  "/investors/lock",
  "/surveys",
  "/account",
  "/switch-company",
  // A charger's upload: the one-time token in the address is the permission (issue 59).
  "/ocpp-files/upload/:token",
];
export const actionTable: Record<string, Record<string, IntentRow>> = {
  "/electrify/company-setup": {
    company: row("company.details", "company", { companyName: "" }),
    depots: row("company.depots", "company", { "depots[0].name": "" }),
    // A depot with survey photos is not removed: the consultancy's evidence.
    "delete-depot": row("company.depots", "depot", {}, "depot.read"),
  },
  "/electrify/energy-map": { position: row("depot.change", "depot", { latitude: "north" }) },
  "/electrify/depots/:id/layout": { "save-design": row("depot.change", "depot", { components: "{" }) },
  "/electrify/depots/:id/trips": {
    preview: row("depot.change", "depot", {}),
    import: row("depot.change", "depot", {}),
    "delete-trips": row("depot.change", "depot", null),
    "plan-recorded": row("depot.change", "depot", {}),
    "plan-typical": row("depot.change", "depot", {}),
  },
  "/electrify/depots/:id/plan": {
    "run-plan": row("depot.change", "depot", { plan: "{" }),
    "save-scenario": row("depot.change", "depot", { name: "" }),
    "delete-scenario": row("depot.change", "depot", null),
  },
  "/electrify/portfolio": {
    group: row("roadmap.change", "depot", { groupId: "g1", pace: "targets", targets: "many" }, "depot.read"),
    settings: row("roadmap.change", "company", { endYear: "1900" }),
  },
  "/electrify/portfolio/:depotId/connection": {
    save: row("application.change", "depot", { stage: "somewhere" }),
    quote: row("application.change", "depot", {}),
    "add-offer": row("application.change", "depot", { name: "", kind: "profiled" }),
    "remove-offer": row("application.change", "depot", { offerId: "none" }),
    "choose-offer": row("application.change", "depot", { offerId: "none" }),
    "work-out-offer": row("application.change", "depot", { offerId: "none" }),
  },
  "/electrify/hubs": {
    offer: row("hub.offer", "depot", { name: "" }),
    // The world's hub is open already: approving it again is refused for its status.
    approve: row("hub.approve", "hub", {}),
  },
  "/electrify/hubs/:hubId": {
    request: row("hub.request", "hub", { vehicles: "0" }),
    // The world's contract is accepted already: deciding or withdrawing it again is refused for its status.
    accept: row("hub.decide", "contract", {}),
    decline: row("hub.decide", "contract", {}),
    withdraw: row("contract.withdraw", "contract", {}),
    visit: row("hub.visit", "hub", { energyKwh: "0" }),
    book: row("contract.book", "contract", { visitDate: "soon" }),
    "cancel-booking": row("booking.cancel", "booking", null),
    dispute: row("statement.dispute", "statement", { reason: "" }),
    uphold: row("hub.decide", "dispute", { resolution: "" }),
    reject: row("hub.decide", "dispute", { resolution: "" }),
    suspend: row("hub.run", "hub", null),
    reopen: row("hub.run", "hub", {}),
    close: row("hub.run", "hub", null),
  },
  // Chargers nobody registered that knocked: the consultancy's admins accept (into a depot) or block them.
  "/electrify/operations": {
    "accept-charger": row("admin.console", "consultancy", { identity: "" }),
    "block-charger": row("admin.console", "consultancy", null),
  },
  "/electrify/operations/:depotId": {
    register: row("chargers.register", "depot", { identity: "" }),
    "register-many": row("chargers.register", "depot", { csv: "identity\nx" }),
    "new-password": row("operations.change", "charger", null),
    remove: row("operations.change", "charger", null),
    "vehicle-needs": row("operations.tell", "depot", { sessionId: "none" }),
    "vehicle-state": row("operations.tell", "depot", {}),
    "charging-access": row("operations.change", "depot", { mode: "everyone" }),
    "add-tag": row("operations.change", "depot", { tag: "" }),
    "remove-tag": row("operations.change", "tag", null),
    command: row("operations.change", "charger", { command: "self-destruct" }),
  },
  "/electrify/operations/:depotId/chargers/:chargePointId": {
    "read-settings": row("operations.change", "charger", null),
    "change-setting": row("operations.change", "charger", { variable: "" }),
    trigger: row("operations.change", "charger", { trigger: "coffee" }),
    "update-firmware": row("operations.change", "charger", { imageId: "none" }),
    "fetch-logs": row("operations.change", "charger", { kind: "everything" }),
    "ask-certificate": row("operations.change", "charger", null),
    "revoke-certificate": row("operations.change", "charger", null),
    "raise-profile": row("operations.change", "charger", { profile: "7" }),
    "lower-profile": row("operations.change", "charger", { profile: "9" }),
  },
  "/electrify/operations/:depotId/network": {
    "give-instruction": row("operations.change", "depot", { limitKva: "-1" }),
    "cancel-instruction": row("operations.change", "depot", { instructionId: "none" }),
    "request-flex": row("operations.change", "depot", { askedKw: "-1" }),
    "cancel-flex": row("operations.change", "depot", { flexId: "none" }),
    "link-vtn": row("operations.change", "depot", { vtnUrl: "ftp://nowhere" }),
    // Removing a link there is not: refused as not found.
    "unlink-vtn": row("operations.change", "depot", null),
  },
  "/electrify/operations/:depotId/firmware": {
    "upload-image": row("operations.change", "depot", { version: "" }),
    "remove-image": row("operations.change", "depot", { imageId: "none" }),
    "start-rollout": row("operations.change", "depot", { imageId: "none" }),
    "pause-rollout": row("operations.change", "depot", { rolloutId: "none" }),
    "resume-rollout": row("operations.change", "depot", { rolloutId: "none" }),
    "cancel-rollout": row("operations.change", "depot", { rolloutId: "none" }),
  },
  "/electrify/team": {
    invite: row("team.manage", "company", { email: "nobody" }),
    role: row("team.manage", "company", { role: "emperor" }),
    remove: row("team.manage", "company", null),
    transfer: row("team.manage", "company", null),
    revoke: row("team.manage", "company", null),
    notify: row("member.own", "self", null),
    "create-key": row("team.keys", "company", { name: "" }),
    "revoke-key": row("team.keys", "company", null),
    "alert-choices": row("member.alerts", "self", null),
    leave: row("member.own", "self", null),
  },
  "/admin": {
    "set-status": row("admin.console", "consultancy", { status: "lost" }),
    "set-role": row("admin.console", "consultancy", { role: "emperor" }),
    "set-active": row("admin.console", "consultancy", { active: "maybe" }),
    "add-user": row("admin.console", "consultancy", {}),
  },
  "/admin/depot/:id": { "": row("depot.review", "depot", { status: "lost" }) },
  "/admin/grid-data": { "": row("admin.console", "consultancy", {}) },
  "/api/v1/depots": {},
  "/api/v1/depots/:depotId/readiness": {},
  "/api/v1/depots/:depotId/vehicles/:vehicle": { PUT: row("operations.tell", "depot", { socPct: "lots" }) },
  "/api/v1/depots/:depotId/schedule": { PUT: row("operations.tell", "depot", { vehicles: "all" }) },
  "/api/v1/depots/:depotId/meter": { PUT: row("operations.tell", "depot", { siteKw: "lots" }) },
  "/api/v1/depots/:depotId/network": { PUT: row("operations.tell", "depot", { instructions: "many" }) },
  "/api/v1/depots/:depotId/flexibility": { POST: row("operations.tell", "depot", { askedKw: "lots" }) },
  "/api/v1/depots/:depotId/chargers": { POST: row("chargers.register", "depot", { chargers: "none" }) },
  "/api/v1/hubs": {},
  "/api/v1/hubs/:hubId/bookings": { POST: row("contract.book", "contract", { visitDate: "soon" }) },
  "/api/v1/hubs/:hubId/bookings/:bookingId": { DELETE: row("booking.cancel", "booking", null) },
  "/api/v1/hubs/:hubId/visits": { POST: row("hub.visit", "hub", { energyKwh: "0" }) },
  "/api/v1/hubs/:hubId/statements/:month": {},
};

/**
 * The pages, files and streams that name a company's thing in their address, and the read the policy is asked
 * (issue 58): the sweep opens each for every principal with its own things and another company's, and expects the
 * page where the policy allows it and 404 where it does not (an admin sent to their console instead, where `admin`
 * says so).
 */
export const readTable: Record<string, { action: Action; target: Target; admin?: Outcome }> = {
  "/depots/:id": { action: "depot.read", target: "depot", admin: "/admin" },
  "/electrify/depots/:id/layout": { action: "depot.read", target: "depot" },
  "/electrify/depots/:id/summary": { action: "depot.read", target: "depot" },
  "/electrify/depots/:id/plan": { action: "depot.read", target: "depot" },
  "/electrify/depots/:id/trips": { action: "depot.read", target: "depot" },
  "/electrify/depots/:id/report": { action: "depot.read", target: "depot" },
  "/electrify/portfolio/:depotId/connection": { action: "application.read", target: "depot" },
  "/electrify/portfolio/:depotId/quote": { action: "depot.files", target: "depot" },
  "/electrify/operations/:depotId": { action: "operations.read", target: "depot" },
  "/electrify/operations/:depotId/events": { action: "operations.read", target: "depot" },
  "/electrify/operations/:depotId/network": { action: "operations.read", target: "depot" },
  "/electrify/operations/:depotId/chargers/:chargePointId": { action: "operations.read", target: "charger" },
  "/electrify/operations/:depotId/chargers/:chargePointId/frames.jsonl": {
    action: "operations.read",
    target: "charger",
  },
  "/electrify/operations/:depotId/statement.csv": { action: "operations.read", target: "depot" },
  "/electrify/operations/:depotId/firmware": { action: "operations.read", target: "depot" },
  "/photos/:photoId": { action: "depot.files", target: "depot" },
  "/photos/:photoId/thumbnail": { action: "depot.files", target: "depot" },
  "/electrify/hubs/:hubId": { action: "hub.read", target: "hub" },
  "/electrify/hubs/:hubId/events": { action: "hub.live", target: "hub" },
  "/electrify/hubs/:hubId/statement.csv": { action: "contract.read", target: "statement" },
  "/electrify/hubs/:hubId/statement.pdf": { action: "contract.read", target: "statement" },
};
