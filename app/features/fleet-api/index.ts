/** The fleet API's pieces the pages show (safe for the browser). */
export { ApiKeysCard, type ApiKeyRow } from "./components/api-keys-card";
