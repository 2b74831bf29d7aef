/** The specification's minimum password length, enforced by the server (Better Auth) and the forms. */
export const MIN_PASSWORD_LENGTH = 6;
