/**
 * Chargers (decision 056): registering, commands and the OCPP endpoint, on the server. Live control hands the
 * endpoint its controller (startBoxCharge in operations); records are told what chargers say through their door.
 */
export { operationsOverview, registerChargePoint, removeChargePoint } from "./charge-points.server";
export { resetChargePointPassword } from "./password-rotation.server";
export { askForCertificate, revokeCertificates } from "./security/certificate-actions.server";
export { lowerSecurityProfile, raiseSecurityProfile } from "./security/security-profile.server";
export { chargingAccessOf, setChargingAccess } from "./charger-authorization.server";
export { profileStateOf, readProfileSupport, recordDefaultLimit, refusesProfiles } from "./charger-capabilities.server";
export { sendChargerCommand } from "./charger-commands.server";
export { chargersForApi, registerChargersFromApi, registerChargersFromCsv } from "./charger-import.server";
export { acceptKnock, blockKnock, listKnocks } from "./charger-knocks.server";
export type { Knock } from "./charger-knocks.server";
export { chargerFrames, chargerSettingsPage } from "./charger-page.server";
export { changeChargerSetting, readChargerSettings } from "./charger-settings.server";
export type { ChargerSetting } from "./charger-settings-store.server";
export { triggerChargerMessage } from "./charger-trigger.server";
export { markAllDisconnected } from "./charger-connection.server";
export { recordChargerEvent } from "./charger-status.server";
export {
  chargersInUse,
  depotChargers,
  depotConnectors,
  depotsWithChargers,
  recentChargerEvents,
  siteMeterRegisteredAt,
} from "./depot-chargers.server";
export type { DepotChargers } from "./depot-chargers.server";
export { addFirmwareImage, removeFirmwareImage } from "./firmware/firmware-images.server";
export { firmwareDownload, updateCharger } from "./firmware/firmware-updates.server";
export { MAX_ROLLOUT_DEPOTS, startRollout, steerRollout } from "./firmware/firmware-rollouts.server";
export { depotFirmwarePage } from "./firmware/firmware-view.server";
export { readUpload, receiveUpload } from "./uploads/charger-uploads.server";
export { requestUpload } from "./uploads/upload-requests.server";
export { getOcppEndpoint, startOcppEndpoint, stopOcppEndpoint } from "./ocpp-endpoint.server";
export type { OcppEndpoint } from "./ocpp-handler-types";
