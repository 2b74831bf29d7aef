/**
 * Accounts: creating and inviting users, roles, profiles, password and account forms.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export { createUser, discardNewAccount } from "./create-user.server";
export { ensureFirstAdmin } from "./ensure-first-admin.server";
export { getHeaderUser } from "./get-header-user.server";
export { inviteUser } from "./invite-user.server";
export { listUsers } from "./list-users.server";
export { addUser, changeUserRole, setUserActive } from "./manage-users.server";
export { getProfile, saveProfile } from "./profile.server";
export { verifyTotpCode } from "./verify-totp-code.server";
