/**
 * Accounts: creating and inviting users, roles, profiles, password and account forms.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export {
  forgotPasswordSchema,
  PASSWORD_RESET_DONE,
  passwordChangeSchema,
  profileSchema,
  RESET_REQUESTED,
  resetPasswordSchema,
} from "./account-schemas";
export { PasswordCard } from "./components/password-card";
export { ProfileCard } from "./components/profile-card";
export { SessionsCard } from "./components/sessions-card";
export { TwoFactorCard, type TwoFactorSetup } from "./components/two-factor-card";
export { describeUserAgent } from "./describe-user-agent";
export { emailSchema, roleSchema } from "./user-schemas";
