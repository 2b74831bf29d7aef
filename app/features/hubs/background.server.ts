/**
 * The background process's door to this feature: the tasks it defines (decision 045). Only
 * app/entry.background.server.ts imports it, so that process loads these modules and what they need, nothing else.
 */
export { hubAnswerInBackground, hubWeekInBackground } from "./hub-checks.server";
