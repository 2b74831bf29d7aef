import type { CompanyRole } from "~/lib/company-roles";

/**
 * The policy's terms (decision 056): what API keys may be scoped to, the kinds of thing the rules are about, how a
 * principal stands to a thing, and what one rule says. rules.ts writes the rules in them; policy.ts answers from them.
 */

/** What a fleet API key may be used for, chosen when it is created. */
export const KEY_SCOPES = ["fleet:read", "fleet:write", "hubs:book", "chargers:write"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
/**
 * A scope that changes things lets its key see them too: a key told to write but not read would be answered as if its
 * own depot did not exist (a refused read answers as a missing thing), and every change's "seen" rule holds for it.
 */
export const SCOPE_INCLUDES: Record<KeyScope, readonly KeyScope[]> = {
  "fleet:read": [],
  "fleet:write": ["fleet:read"],
  "hubs:book": ["fleet:read"],
  "chargers:write": ["fleet:read"],
};
export const KEY_SCOPE_LABELS: Record<KeyScope, string> = {
  "fleet:read": "Read depots, the readiness board, hubs, bookings and statements",
  "fleet:write": "Tell vehicles' state, schedules and the site meter (and read them)",
  "hubs:book": "Book and cancel visits at hubs (and read them)",
  "chargers:write": "Register chargers at the company's depots (and read them)",
};

/** Everything the policy answers about (rules.ts says each one's rule). */
export type Action =
  | "company.read"
  | "company.details"
  | "company.depots"
  | "team.manage"
  | "team.activity"
  | "team.keys"
  | "member.own"
  | "member.alerts"
  | "roadmap.change"
  | "depot.read"
  | "depot.change"
  | "depot.files"
  | "depot.review"
  | "operations.read"
  | "operations.change"
  | "chargers.register"
  | "operations.tell"
  | "application.read"
  | "application.change"
  | "hub.offer"
  | "hub.read"
  | "hub.approve"
  | "hub.run"
  | "hub.decide"
  | "hub.request"
  | "hub.visit"
  | "hub.live"
  | "contract.read"
  | "contract.withdraw"
  | "contract.book"
  | "booking.cancel"
  | "statement.dispute"
  | "tag.use"
  | "charge.start"
  | "admin.console";

/** The kinds of thing a rule is about (policy.ts `Resource` gives each one's facts). */
export type ResourceKind =
  "company" | "membership" | "depot" | "hub" | "hub-customer" | "tag" | "charge" | "consultancy";

/**
 * How a principal stands to a resource:
 * - `own`: it is their company's (a hub: their company runs it); a depot manager only within their depots;
 * - `self`: it is their own place in a team (their e-mails, leaving it);
 * - `customer`: their company is the customer it is for (a contract, booking, statement, dispute), or holds an
 *   accepted contract at the hub;
 * - `visitor`: the hub is open, and another company's;
 * - `listed`: the hub is open (every company sees the open hubs);
 * - `booked`: (a vehicle at a charger) its company has a visit booked at this depot now;
 * - `anyone`: (a vehicle at a charger) the site lets any tag charge (free vend), known or not.
 */
export type Relation = "own" | "self" | "customer" | "visitor" | "listed" | "booked" | "anyone";

export type Cell = readonly Relation[];
export type Rule = {
  /** What it is about. */
  on: ResourceKind;
  /** Each role's relations, any of which allows it (none: never). */
  members: Partial<Record<CompanyRole, Cell>>;
  /** The consultancy's admins may, whoever's it is. */
  admins?: boolean;
  /** An API key with this scope may, as its company with these relations. */
  key?: { scope: KeyScope; relations: Cell };
  /** A vehicle presenting its tag at a charger may, as its tag's company (none if nobody owns it), with these. */
  vehicles?: Cell;
  /** Customers and visitors only while the hub is open (a suspended or closed hub takes no bookings, cancellations or streams from them); its operator and the admins whatever its status. */
  whileOpen?: boolean;
  /**
   * The read that shows the thing: refused that too, the answer is exactly as for a thing that does not exist (404);
   * allowed it, a refused change is 403. An action that is itself a read names none.
   */
  seen?: Action;
  /** How a change reads in the company's activity log (none: a read, not logged). */
  logged?: string;
  /** What a refusal (403) says, where the role's sentence would not tell why. */
  refused?: string;
  /** Why, in a sentence, for the printed table. */
  why: string;
};
