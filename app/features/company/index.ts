/**
 * A haulier's company: its name, contact and charging strategy.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { companySchema } from "./company-schema";
