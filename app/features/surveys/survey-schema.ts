import { z } from "zod";

import type { ActionResult } from "~/lib/action-result";
import { isSingleLine, singleLine } from "~/lib/single-line";

export const PHOTO_FIELDS = {
  proposed_charging_area: {
    field: "photo_proposed_charging_area",
    label: "Proposed EV charging area",
    multiple: false,
  },
  electrical_panel: { field: "photo_electrical_panel", label: "Electrical panel", multiple: false },
  point_of_connection: { field: "photo_point_of_connection", label: "Point of connection", multiple: false },
  cable_run: { field: "photo_cable_run", label: "Cable run", multiple: true },
} as const;
export type PhotoKind = keyof typeof PHOTO_FIELDS;
export const MAX_CABLE_RUN_PHOTOS = 10;

export const SURVEY_MESSAGES = {
  depotName: "Depot name is required",
  address: "Address is required",
  photo: "Please take a photo of the proposed EV charging area",
  location: "Please capture your depot location",
  failed: "Failed to submit survey. Please try again.",
  signIn: "Please sign in to submit the survey",
  emailSent: "Survey submitted successfully and confirmation email sent!",
  emailFailed: "Survey submitted successfully but we couldn't send a confirmation email.",
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Keep this under ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => (value && value.trim() ? value.trim() : null));

const coordinate = (min: number, max: number) =>
  z.preprocess(
    // Blank (even spaces, which Number() reads as 0) is no position.
    (value) =>
      value === null || value === undefined || (typeof value === "string" && value.trim() === "")
        ? undefined
        : Number(value),
    z
      .number({ message: SURVEY_MESSAGES.location })
      .min(min, SURVEY_MESSAGES.location)
      .max(max, SURVEY_MESSAGES.location),
  );

/** A survey form's idempotency key, as the form's loader makes it (a UUID) or a client of ours could. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{16,64}$/;

/** The survey's fields, checked in the browser before sending and again on the server. Photos are checked separately. */
export const surveyFieldsSchema = z.object({
  depotName: singleLine(
    z
      .string({ message: SURVEY_MESSAGES.depotName })
      .trim()
      .min(1, SURVEY_MESSAGES.depotName)
      .max(200, "Keep the depot name under 200 characters"),
    "The depot name",
  ),
  depotAddress: singleLine(
    z
      .string({ message: SURVEY_MESSAGES.address })
      .trim()
      .min(1, SURVEY_MESSAGES.address)
      .max(500, "Keep the address under 500 characters"),
    "The address",
  ),
  // The specification: a non-numeric or empty value is sent as null; the minimum is 0.
  numberOfEVs: z.preprocess((value) => {
    if (value === "" || value === null || value === undefined) return null;
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }, z.number().int("Enter a whole number of vehicles").min(0, "The number of vehicles cannot be negative").max(100_000, "Enter a realistic number of vehicles").nullable()),
  cableRunObstacles: optionalText(5000),
  additionalNotes: optionalText(5000),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  locationAddress: optionalText(300).refine(isSingleLine, "The location must be on one line"),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY, "Refresh the page and try again"),
});
export type SurveyFields = z.output<typeof surveyFieldsSchema>;

export function locationText(latitude: number, longitude: number): string {
  return `Location at ${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** 'cable_run_2' → 'Cable Run 2'; the specification's labels for its named types. */
export function photoLabel(imageType: string): string {
  const named: Record<string, string> = {
    main_area: "Main Depot Area",
    electrical_panel: "Electrical Panel",
    parking_area: "Parking Area",
  };
  return (
    named[imageType] ??
    imageType
      .split("_")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ")
  );
}

/**
 * What POST /surveys answers a client that asked for JSON (the survey page's own script): the one action result,
 * with where to go once saved. The location's field is `latitude`, whichever coordinate was refused.
 */
export type SubmitResponse = ActionResult & { depotId?: number; emailSent?: boolean; redirectTo?: string };

/** Where a saved survey's sender goes: its confirmation, naming the depot. */
export function confirmationPath(depotId: number, emailSent: boolean): string {
  return `/confirmation?depot=${depotId}&email=${emailSent ? "success" : "failed"}`;
}

/**
 * The survey form's address while a submission is on its way: it carries the
 * form's idempotency key, so that a reload (or the browser falling back to a
 * full page load) either lands on the confirmation of the survey it saved or
 * sends the same survey again under the same key, never a copy.
 */
export function pendingSurveyPath(idempotencyKey: string): string {
  return `/survey?submission=${encodeURIComponent(idempotencyKey)}`;
}
