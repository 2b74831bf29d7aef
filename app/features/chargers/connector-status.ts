/**
 * Connector statuses (OCPP StatusNotification) in which a connector cannot charge its vehicle whatever it is sent:
 * the controller plans its vehicle as due back soon (reset, or moved), its room the others' meanwhile, and the board says it is not charging.
 */
export const CANNOT_CHARGE: ReadonlySet<string> = new Set(["Faulted", "Unavailable"]);
