export { createUser } from "./create-user.server";
export { ensureFirstAdmin } from "./ensure-first-admin.server";
export { getHeaderUser } from "./get-header-user.server";
export { inviteUser } from "./invite-user.server";
export { listUsers } from "./list-users.server";
export { addUser, changeUserRole, setUserActive } from "./manage-users.server";
export { getProfile, saveProfile } from "./profile.server";
export { verifyTotpCode } from "./verify-totp-code.server";
