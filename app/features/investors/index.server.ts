export {
  hasInvestorGrant,
  investorPasswordMatches,
  issueInvestorGrant,
  revokeInvestorGrant,
  UNLOCK_RATE_LIMIT,
  WRONG_PASSWORD_DELAY_MS,
} from "./investor-access.server";
export { listInvestorDocuments, openInvestorDocument, uploadInvestorDocument } from "./investor-document-store.server";
