/**
 * Teams: a haulier's company as its members, their roles and depots, invitations, the current company of a
 * session, the activity log and who hears the company's e-mails (issue 48, decision 048). The roles themselves
 * and what each may do are lib/company-roles.ts; the one access check that applies them is features/depots'.
 */
export { activityMiddleware, listActivity, recordActivity, type ActivityEntry } from "./activity.server";
export {
  currentCompanyMiddleware,
  membershipsOf,
  withDepots,
  requestMemberships,
  switchCompany,
  type Membership,
} from "./current-company.server";
export {
  acceptInvitation,
  acceptWithNewAccount,
  inviteMember,
  readInvitation,
  revokeInvitation,
  TEAM_INVITATION_DAYS,
  type InvitationView,
} from "./invitations.server";
export {
  changeRole,
  leaveCompany,
  listMembers,
  removeMember,
  setNotify,
  transferOwnership,
  type TeamMember,
} from "./members.server";
export { teamPageData } from "./team-page.server";
export { mutedAlertKinds, setMutedAlertKinds } from "./muted-alerts.server";
export { companyRecipients } from "./recipients.server";
