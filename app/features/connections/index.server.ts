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
  noteLeftEvents,
  pollVtn,
  postVtnReport,
  removeLink,
  saveLink,
  startOpenAdrPolling,
  type LinkView,
  type Polled,
  type VtnReport,
} from "./openadr/ven.server";
export {
  cancelInstruction,
  giveInstruction,
  holdSiteForFlex,
  networkState,
  releaseFlexHold,
  tellNetworkState,
  type StoredInstruction,
} from "./instructions.server";
