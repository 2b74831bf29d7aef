import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("products", "routes/marketing/products.tsx"),
    route("electrify", "routes/marketing/electrify.tsx"),
    route("box-charge", "routes/marketing/box-charge.tsx"),
    route("about-us", "routes/marketing/about-us.tsx"),
    route("legal", "routes/marketing/legal.tsx"),
  ]),
  layout("routes/auth/layout.tsx", [
    route("auth", "routes/auth/auth.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("auth/two-factor", "routes/auth/two-factor.tsx"),
  ]),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  layout("routes/auth/layout.tsx", { id: "invitation-layout" }, [
    route("invitations/:token", "routes/invitations/invitation.tsx"),
  ]),
  route("api/auth/*", "routes/resources/api-auth.ts"),
  // The fleet API (issue 49): a company's systems, with its key; described by its OpenAPI document.
  ...prefix("api/v1", [
    route("openapi.json", "routes/api/openapi.ts"),
    route("depots", "routes/api/depots.ts"),
    route("depots/:depotId/readiness", "routes/api/readiness.ts"),
    route("depots/:depotId/vehicles/:vehicle", "routes/api/vehicle-state.ts"),
    route("depots/:depotId/schedule", "routes/api/schedule.ts"),
    route("depots/:depotId/meter", "routes/api/meter.ts"),
    route("depots/:depotId/network", "routes/api/network.ts"),
    route("depots/:depotId/flexibility", "routes/api/flexibility.ts"),
    route("depots/:depotId/chargers", "routes/api/chargers.ts"),
    route("hubs", "routes/api/hubs.ts"),
    route("hubs/:hubId/bookings", "routes/api/hub-bookings.ts"),
    route("hubs/:hubId/bookings/:bookingId", "routes/api/hub-booking.ts"),
    route("hubs/:hubId/visits", "routes/api/hub-visits.ts"),
    route("hubs/:hubId/statements/:month", "routes/api/hub-statement.ts"),
  ]),
  ...prefix("investors", [
    route("unlock", "routes/investors/unlock.ts"),
    route("lock", "routes/investors/lock.ts"),
    route("documents/:slug", "routes/investors/document.ts"),
  ]),
  route("surveys", "routes/surveys/submit.ts"),
  route("photos/:photoId", "routes/surveys/photo.ts", { id: "photo" }),
  route("photos/:photoId/thumbnail", "routes/surveys/photo.ts", { id: "photo-thumbnail" }),
  // What chargers fetch and upload outside OCPP (issue 59): a firmware image, their diagnostics; a one-time token each.
  ...prefix("ocpp-files", [
    route("firmware/:token", "routes/charger-files/firmware.ts"),
    route("upload/:token", "routes/charger-files/upload.ts"),
  ]),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),

  layout("routes/app-layout.tsx", [
    layout("routes/depots/layout.tsx", [
      ...prefix("depots", [
        index("routes/depots/depots.tsx"),
        route(":id", "routes/depots/depot.tsx"),
        route(":id/survey", "routes/depots/depot-survey.tsx"),
      ]),
    ]),
    route("survey", "routes/depots/survey.tsx"),
    route("confirmation", "routes/depots/confirmation.tsx"),
    route("account", "routes/account/account.tsx"),
    route("switch-company", "routes/electrify/switch-company.ts"),
    layout("routes/electrify/layout.tsx", [
      ...prefix("electrify", [
        route("dashboard", "routes/electrify/dashboard.tsx"),
        route("company-setup", "routes/electrify/company-setup.tsx"),
        route("team", "routes/electrify/team.tsx"),
        route("energy-map", "routes/electrify/energy-map.tsx"),
        route("depot-details", "routes/electrify/depot-details.tsx"),
        route("depot-report", "routes/electrify/depot-report.ts"),
        // One depot's workspace: a tab is a child route, so each has its own URL and action.
        route("depots/:id", "routes/electrify/depots/workspace.tsx", [
          index("routes/electrify/depots/index.ts"),
          route("layout", "routes/electrify/depots/layout.tsx"),
          route("trips", "routes/electrify/depots/trips.tsx"),
          route("summary", "routes/electrify/depots/summary.tsx"),
          route("plan", "routes/electrify/depots/plan.tsx"),
        ]),
        route("depots/:id/report", "routes/electrify/depots/report.ts"),
        route("portfolio", "routes/electrify/portfolio/portfolio.tsx"),
        route("portfolio/report", "routes/electrify/portfolio/report.ts"),
        route("portfolio/:depotId/connection", "routes/electrify/portfolio/connection.tsx"),
        route("portfolio/:depotId/quote", "routes/electrify/portfolio/quote.ts"),
        route("operations", "routes/electrify/operations/operations.tsx"),
        route("hubs", "routes/electrify/hubs/hubs.tsx"),
        route("hubs/:hubId", "routes/electrify/hubs/hub.tsx"),
        route("hubs/:hubId/events", "routes/electrify/hubs/events.ts", { id: "hub-events" }),
        route("hubs/:hubId/statement.csv", "routes/electrify/hubs/statement.ts", { id: "hub-statement-csv" }),
        route("hubs/:hubId/statement.pdf", "routes/electrify/hubs/statement.ts", { id: "hub-statement-pdf" }),
        route("operations/:depotId", "routes/electrify/operations/depot.tsx"),
        route("operations/:depotId/events", "routes/electrify/operations/events.ts"),
        route("operations/:depotId/chargers/:chargePointId", "routes/electrify/operations/charger.tsx"),
        route(
          "operations/:depotId/chargers/:chargePointId/frames.jsonl",
          "routes/electrify/operations/charger-frames.ts",
        ),
        route(
          "operations/:depotId/chargers/:chargePointId/uploads/:uploadId",
          "routes/electrify/operations/charger-upload.ts",
        ),
        route("operations/:depotId/firmware", "routes/electrify/operations/firmware.tsx"),
        route("operations/:depotId/network", "routes/electrify/operations/network.tsx"),
        route("operations/:depotId/statement.csv", "routes/electrify/operations/statement.ts"),
      ]),
    ]),
    layout("routes/admin/layout.tsx", [
      ...prefix("admin", [
        index("routes/admin/admin.tsx"),
        route("depot/:id", "routes/admin/admin-depot.tsx"),
        route("submissions.csv", "routes/admin/submissions-csv.ts"),
        route("grid-data", "routes/admin/grid-data.tsx"),
        route("connections", "routes/admin/connections.tsx"),
      ]),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
