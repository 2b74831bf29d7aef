import { z } from "zod";

/**
 * A flexibility request as kept and shown (issue 60, item 4): the answer and the delivery are JSON read back through
 * these schemas (a row that no longer fits shows without them).
 */
export const storedAnswerSchema = z.object({
  /** The window's steps of the plan, each with the chargers' planned draw: the baseline the delivery is measured on. */
  segments: z.array(z.object({ from: z.string(), to: z.string(), baselineKw: z.number() })),
  capKva: z.number().nullable(),
  offeredKwh: z.number(),
  offeredKw: z.number(),
  mostKw: z.number(),
});
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

export const deliverySchema = z.object({
  segments: z.array(z.object({ from: z.string(), to: z.string(), baselineKwh: z.number(), usedKwh: z.number() })),
  baselineKwh: z.number(),
  usedKwh: z.number(),
  /** The baseline less what the chargers drew (negative: they drew more than the baseline). */
  deliveredKwh: z.number(),
  /** A charger's meter fell silent and was counted on at its last power. */
  estimated: z.boolean(),
  /** The baseline it was measured against (decision 079; rows measured before it: nominated). */
  basis: z.enum(["nominated", "historical"]).default("nominated"),
  /** A historical baseline's like days (yyyy-mm-dd, UK), the four it averaged. */
  likeDays: z.array(z.string()).default([]),
  /** Why a historical baseline asked for could not be made (then it was measured against the nominated one). */
  note: z.string().nullable().default(null),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const FLEX_STATUSES = ["answering", "offered", "declined", "cancelled", "failed"] as const;
export type FlexStatus = (typeof FLEX_STATUSES)[number];

export type FlexView = {
  id: number;
  source: "hand" | "api" | "openadr";
  name: string;
  from: string;
  until: string;
  askedKw: number | null;
  poundsPerMwh: number | null;
  baseline: "nominated" | "historical";
  status: FlexStatus;
  note: string | null;
  answer: StoredAnswer | null;
  delivery: Delivery | null;
  measuredAt: string | null;
  createdBy: string | null;
};

/**
 * What a delivery is worth at the request's price (£, to the penny): what was delivered, up to what was offered (a
 * network pays for what it asked and was promised), or null without a price.
 */
export function deliveryPounds(view: Pick<FlexView, "poundsPerMwh" | "delivery" | "answer">): number | null {
  if (view.poundsPerMwh === null || !view.delivery || !view.answer) return null;
  const paidKwh = Math.min(Math.max(0, view.delivery.deliveredKwh), view.answer.offeredKwh);
  return Math.round(paidKwh * view.poundsPerMwh * 0.1) / 100;
}
