/**
 * The company's portfolio and transition roadmap: depot-years, connection flags and applications, the portfolio
 * report.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { applicationFromForm, applicationSchema, MAX_QUOTE_MB, STAGE_LABELS } from "./application-input";
export { neededDepotYears, type RoadmapDepot } from "./build-roadmap";
export { companyRoadmap } from "./company-roadmap";
export { ApplicationForm } from "./components/application-form";
export { DepotRoadmapCard } from "./components/depot-roadmap-card";
export { PortfolioMap } from "./components/portfolio-map";
export { PortfolioTable } from "./components/portfolio-table";
export { QuoteUpload } from "./components/quote-upload";
export { RoadmapSettingsCard } from "./components/roadmap-settings-card";
export { SpendCard } from "./components/spend-card";
export { type DepotYear, planDepotYear } from "./depot-year";
export { portfolioRow, type PortfolioSort, sortPortfolio, SORTS } from "./portfolio";
export { flagReason, flagText, ukDay } from "./roadmap-labels";
export { defaultRoadmapSettings, leadTimeOf, type RoadmapSettings } from "./roadmap-settings";
