import { z } from "zod";

/** The sign-in form, checked in the browser before sending and again by the /auth action. */
export const signInSchema = z.object({
  email: z
    .string({ message: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Enter a valid email address")
    .pipe(z.email({ message: "Enter a valid email address" })),
  password: z
    .string({ message: "Password is required" })
    .min(1, "Password is required")
    .max(128, "Invalid email or password"),
});
