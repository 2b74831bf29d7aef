/**
 * A company's roles and what each may do (issue 48, decision 048). Browser-safe: pages hide what a role cannot do,
 * and the server's one access check (features/depots/depot-access.server.ts) refuses it whatever the page showed.
 */
export const COMPANY_ROLES = ["owner", "fleet_manager", "depot_manager", "viewer"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const ROLE_LABELS: Record<CompanyRole, string> = {
  owner: "Owner",
  fleet_manager: "Fleet manager",
  depot_manager: "Depot manager",
  viewer: "Viewer",
};

export const ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  owner: "Everything, including the team, roles and the company's details.",
  fleet_manager: "Every depot, the portfolio and roadmap, plans and operations; not the team.",
  depot_manager: "Only the depots named on their membership: workspace, plans and operations.",
  viewer: "Reads everything and downloads reports and statements; changes nothing.",
};

/**
 * What a request asks to do. "read" and "change" are about one depot (a depot manager only within their depots);
 * the rest are the company's.
 */
export type CompanyAction =
  "read" | "change" | "add-depots" | "plan-company" | "company-details" | "members" | "activity";

const ALLOWED: Record<CompanyAction, readonly CompanyRole[]> = {
  read: COMPANY_ROLES,
  change: ["owner", "fleet_manager", "depot_manager"],
  "add-depots": ["owner", "fleet_manager"],
  "plan-company": ["owner", "fleet_manager"],
  "company-details": ["owner"],
  members: ["owner"],
  activity: ["owner", "viewer"],
};

export function can(role: CompanyRole | undefined, action: CompanyAction): boolean {
  return role !== undefined && ALLOWED[action].includes(role);
}

export const isCompanyRole = (value: unknown): value is CompanyRole =>
  typeof value === "string" && (COMPANY_ROLES as readonly string[]).includes(value);

/** The company a signed-in person is working in now (part of their session), and their place in it. */
export type CurrentCompany = {
  id: number;
  name: string;
  role: CompanyRole;
  /** Their membership's id: a depot manager's depots are named on it. */
  memberId: number;
};
