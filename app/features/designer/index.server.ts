/**
 * The depot layout designer: the catalogue, the canvas's state, saved designs.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export { getDesign, saveDesign } from "./design-store.server";
