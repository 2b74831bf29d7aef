/**
 * The investor room: its password, the grant cookie, the documents.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export {
  hasInvestorGrant,
  investorPasswordMatches,
  issueInvestorGrant,
  revokeInvestorGrant,
  UNLOCK_RATE_LIMIT,
  WRONG_PASSWORD_DELAY_MS,
} from "./investor-access.server";
export { listInvestorDocuments, openInvestorDocument, uploadInvestorDocument } from "./investor-document-store.server";
