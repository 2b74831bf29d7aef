/** The largest files chargers' upkeep takes (issue 59): a firmware image uploaded by an operator, a charger's upload. */
export const MAX_FIRMWARE_MB = 64;
export const MAX_UPLOAD_MB = 50;
