import type { ActionResult } from "~/lib/action-result";

/** The four documents of the investor room, in the order the dialog lists them. */
export const INVESTOR_DOCUMENTS = [
  { slug: "pitch-deck", title: "Pitch Deck" },
  { slug: "business-plan", title: "Business Plan" },
  { slug: "term-sheet", title: "Term Sheet" },
  { slug: "financial-model", title: "Financial Model" },
] as const;

export type InvestorDocumentSlug = (typeof INVESTOR_DOCUMENTS)[number]["slug"];

export type InvestorDocumentListing = {
  slug: InvestorDocumentSlug;
  title: string;
  available: boolean;
  fileName: string | null;
  bytes: number | null;
};

export function isInvestorDocumentSlug(value: string): value is InvestorDocumentSlug {
  return INVESTOR_DOCUMENTS.some((document) => document.slug === value);
}

export const INCORRECT_PASSWORD = "Incorrect password";
export const ACCESS_GRANTED = "Access granted to investor files";
export const documentNotAvailableMessage = (title: string) =>
  `The ${title} is being prepared and is not available for download yet. Please contact us for a copy.`;

/** What POST /investors/unlock answers the investor dialog. */
/** The unlock action's answer: the documents once the password is right. */
export type UnlockResult = ActionResult & { documents?: InvestorDocumentListing[] };
