import { z } from "zod";

import { singleLine } from "~/lib/single-line";

const required = (label: string, max = 200) =>
  singleLine(
    z
      .string({ message: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  );

/** Company Details: all four contact fields are required; the charging strategy is free text (saved). */
export const companySchema = z.object({
  companyName: required("Company name"),
  contactName: required("Contact name"),
  contactEmail: required("Contact email", 254).pipe(z.email({ message: "Enter a valid email address" })),
  contactPhone: required("Contact phone", 40).regex(
    /^\+?[0-9 ()-]{6,40}$/,
    "Enter a phone number (digits, spaces, + ( ) -)",
  ),
  chargingStrategy: z
    .string()
    .max(5000, "Charging strategy must be at most 5,000 characters")
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : null)),
});
export type CompanyInput = z.output<typeof companySchema>;
export type CompanyForm = z.input<typeof companySchema>;
