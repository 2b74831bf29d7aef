/** The specification's minimum password length, enforced by the server (Better Auth) and the forms. */
export const MIN_PASSWORD_LENGTH = 6;

/** A Cookie header that carries Better Auth's session cookie (plain or, behind https, __Secure-). */
export const SESSION_COOKIE_PATTERN = /(^|;\s*)(__Secure-)?electrify\.session_token=/;
