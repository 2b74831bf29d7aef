export { getDesign, saveDesign } from "./design-store.server";
