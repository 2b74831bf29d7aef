/**
 * A haulier's company: its name, contact and charging strategy.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export { getCompanyValues, saveCompany } from "./company.server";
