import { z } from "zod";

import { MIN_PASSWORD_LENGTH } from "~/lib/auth/constants";
import { isSingleLine } from "~/lib/single-line";

const nullableText = (label: string) =>
  z
    .string()
    .max(200, `${label} must be at most 200 characters`)
    .optional()
    .nullable()
    .transform((value) => (value && value.trim() ? value.trim() : null))
    .refine(isSingleLine, `${label} must be on one line`);

/** The profile form: every field may be empty, which is saved as null. */
export const profileSchema = z.object({
  name: nullableText("Name"),
  organization: nullableText("Organization"),
  phone: nullableText("Phone"),
});
export type ProfileInput = z.output<typeof profileSchema>;

const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(128, "New password must be at most 128 characters long");

/** The Update Password card; the same rules hold on the server. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ message: "Current password is required" }).min(1, "Current password is required"),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete. Request a new one."),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .pipe(z.email({ message: "Enter a valid email address" })),
});

export const RESET_REQUESTED = "Check your email for the password reset link";
export const PASSWORD_RESET_DONE = "Your password has been updated";
