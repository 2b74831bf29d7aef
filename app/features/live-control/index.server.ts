/** Live control on the server (decision 056): the controller that operations hands to the chargers' endpoint. */
export { depotSite } from "./site.server";
export { startSmartCharging } from "./smart-charging.server";
