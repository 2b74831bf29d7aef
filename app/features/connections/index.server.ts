/** The connection offers' store (issue 60): the one door to the `connection_offers` table. */
export {
  addOffer,
  chooseOffer,
  connectionInForce,
  finishOutlook,
  listOffers,
  readOffers,
  removeOffer,
  startOutlook,
  type Offer,
} from "./offers.server";
export {
  linkSchema,
  linkView,
  pollVtn,
  removeLink,
  saveLink,
  startOpenAdrPolling,
  type LinkView,
} from "./openadr/ven.server";
export {
  cancelInstruction,
  giveInstruction,
  networkState,
  tellNetworkState,
  type StoredInstruction,
} from "./instructions.server";
