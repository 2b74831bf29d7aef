export { InvestorDialog } from "./components/lazy-investor-dialog";
export {
  INCORRECT_PASSWORD,
  INVESTOR_DOCUMENTS,
  type InvestorDocumentListing,
  type InvestorDocumentSlug,
  isInvestorDocumentSlug,
  type UnlockResult,
} from "./investor-documents";
