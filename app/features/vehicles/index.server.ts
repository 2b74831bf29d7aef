/** Vehicles on the server (decision 056). */
export { visitsDueBack } from "./expected-visit";
export {
  cancelExpectedVisits,
  expectVisit,
  expectedVisits,
  expectedVisitsChanged,
  visitsOfTagAt,
} from "./expected-visits.server";
export { readVehicleStates, setStateByHand, setVehicleStates } from "./vehicle-state.server";
export {
  addVehicleTag,
  companyVehicles,
  depotsNamingVehicles,
  depotsWithVehicles,
  listVehicleTags,
  ownerOfTag,
  removeVehicleTag,
  tagsOfCompany,
  vehicleTagsByKey,
} from "./vehicle-tags.server";
