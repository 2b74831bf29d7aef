/**
 * Connections that are not firm (issue 60): a depot's connection offers — firm, profiled or flexible — their
 * limits step by step, and what each means for the depot's plan. Safe for the browser; the store is
 * index.server.ts.
 */
export { OfferForm } from "./components/offer-form";
export { OffersCard } from "./components/offers-card";
export { OpenAdrCard } from "./components/openadr-card";
export { GiveLimitForm, NetworkLimitsCard, type InstructionView } from "./components/network-limits";
export { CURTAILMENT_CSV_EXAMPLE, MAX_CURTAILMENT_EVENTS } from "./curtailment-csv";
export {
  checkInstruction,
  instructionSchema,
  MAX_INSTRUCTIONS,
  type Instruction,
  type InstructionInput,
} from "./instruction-input";
export { capAt, flexAnswer, FLEX_LEAST_KWH, type FlexAnswer, type FlexWindow } from "./flex-answer";
export { flexWindow } from "./flex-window";
export { instructionFromForm } from "./instruction-form";
export { MAX_OFFER_CSV_KB, offerFromForm, type OfferDetails } from "./offer-input";
export { profileByDates, profileBySteps, profileKvaAt, recordPeriods, seasonOf, type Horizon } from "./offer-limit";
export {
  clock,
  MAX_OFFERS,
  DAY_TYPES,
  OFFER_KIND_LABELS,
  OFFER_KINDS,
  offerLeastKva,
  offerMostKva,
  offerShapeSchema,
  SEASONS,
  type OfferKind,
  type OfferShape,
  type ProfileGrid,
} from "./offer-shape";
export { offerOutlook } from "./outlook";
export { outlookSchema, type OfferOutlook } from "./outlook-schema";
export { PROFILE_CSV_EXAMPLE, parseProfileCsv, profileToCsv } from "./profile-csv";
