/** The fleet API (issue 49): companies' keys, the calls they make, and the document that describes them. */
export { API_KEY_PREFIX, createApiKey, listApiKeys, revokeApiKey, type ApiKeyView } from "./api-keys.server";
export { answerFleetApi, type ApiOperation } from "./fleet-api.server";
export { fleetApiDocument } from "./openapi.server";
export { methodNotAllowed } from "./methods";
