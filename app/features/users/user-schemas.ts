import { z } from "zod";

import { MIN_PASSWORD_LENGTH } from "~/lib/auth/constants";
import { singleLine } from "~/lib/single-line";

export const roleSchema = z.enum(["admin", "user"], { message: "Role must be admin or user" });
export type Role = z.infer<typeof roleSchema>;

export const emailSchema = z
  .string({ message: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .pipe(z.email({ message: "Enter a valid email address" }));

export const newUserSchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: "Password is required" })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(128, "Password must be at most 128 characters long"),
  name: singleLine(z.string().trim().max(200, "Name must be at most 200 characters"), "Name")
    .optional()
    .transform((value) => (value ? value : undefined)),
  role: roleSchema.default("user"),
});
export type NewUser = z.input<typeof newUserSchema>;
