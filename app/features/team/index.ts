/**
 * Teams: what pages and components may use in the browser (decision 048). The roles and what each may do are
 * lib/company-roles.ts.
 */
export { InvitationCard } from "./components/invitation-card";
export { ReadOnlyNote } from "./components/read-only-note";
export { TeamPage, type TeamPageData } from "./components/team-page";
export { INVITATION_REFUSALS, inviteSchema, newMemberAccountSchema, roleChangeSchema } from "./team-schemas";
