import { z } from "zod";

import { emailSchema } from "~/features/users";
import { MIN_PASSWORD_LENGTH } from "~/lib/auth/constants";
import { COMPANY_ROLES } from "~/lib/company-roles";

const depotIds = z.preprocess(
  (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
  z.array(z.coerce.number().int().positive()).max(250, "Choose at most 250 depots"),
);

export const roleSchema = z.enum(COMPANY_ROLES, { message: "Choose a role" });

/** The owner's invitation form: an e-mail, a role, and a depot manager's depots. */
export const inviteSchema = z.object({ email: emailSchema, role: roleSchema, depotIds });

/** A member's new role (and depots). */
export const roleChangeSchema = z.object({
  memberId: z.coerce.number().int().positive(),
  role: roleSchema,
  depotIds,
});

/** A new account from an invitation: a name and a password typed twice. */
export const newMemberAccountSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
      .max(128, "Password must be at most 128 characters long"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

/** Why a link grants nothing, in the words the invitation page and the refusal use. */
export const INVITATION_REFUSALS = {
  unknown: "This invitation link is not valid. Check that it was copied whole, or ask for a new one.",
  used: "This invitation has already been used. Ask the company's owner for a new one if you need it.",
  expired: "This invitation has expired. Ask the company's owner for a new one.",
  revoked:
    "This invitation was withdrawn or replaced by a newer one. Use the latest e-mail, or ask the company's owner.",
} as const;
