/**
 * The investor room: its password, the grant cookie, the documents.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { InvestorDialog } from "./components/lazy-investor-dialog";
export {
  INCORRECT_PASSWORD,
  INVESTOR_DOCUMENTS,
  type InvestorDocumentListing,
  type InvestorDocumentSlug,
  isInvestorDocumentSlug,
  type UnlockResult,
} from "./investor-documents";
