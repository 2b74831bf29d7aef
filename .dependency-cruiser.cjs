/**
 * What `npm run lint` checks on the resolved import graph (static, dynamic and type-only imports, whatever path
 * spelling reached them): no circles, and features met only at their doors (decision 045). Which feature may use
 * which is ESLint's (FEATURE_DEPENDENCIES in eslint.config.js).
 */
// A feature's doors: index.ts (safe for the browser) and index.server.ts.
const DOOR = "^app/features/[^/]+/index(\\.server)?\\.tsx?$";
const BACKGROUND_ENTRY = "^app/entry\\.background\\.server\\.ts$";
const FIXTURES = "^app/features/charging-engine/fixtures/index\\.ts$";
const TEST = "(\\.test\\.tsx?|\\.spec\\.ts)$";
// What benchmarks, simulations and tests use of a room's insides (decision 056): never the product's.
const INTERNALS = "^app/features/[^/]+/internals\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module must not depend on itself through others: split the shared part into its own module.",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-door",
      severity: "error",
      comment:
        "Another feature is met at its door: import ~/features/<name> (index.ts) or ~/features/<name>/index.server, never a file inside it. Add what you need to that door's list.",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/[^/]+/", pathNot: ["^app/features/$1/", DOOR, FIXTURES, INTERNALS] },
    },
    {
      name: "door-from-outside",
      severity: "error",
      comment:
        "Routes, the CLI, server/, scripts and tests meet a feature at its door: ~/features/<name> or ~/features/<name>/index.server.",
      from: { path: "^(app|server|scripts|tests)/", pathNot: ["^app/features/", BACKGROUND_ENTRY] },
      to: { path: "^app/features/", pathNot: [DOOR, FIXTURES, INTERNALS] },
    },
    {
      name: "internals-for-tests",
      severity: "error",
      comment:
        "A room's internals.ts lists what benchmarks, simulations and tests drive directly; the product meets the room at its door.",
      from: { path: "^(app|server)/", pathNot: [TEST] },
      to: { path: INTERNALS },
    },
    {
      name: "background-door",
      severity: "error",
      comment:
        "The background process meets a feature at its background.server.ts, which lists the tasks it defines, so that process loads only what they need.",
      from: { path: BACKGROUND_ENTRY },
      to: { path: "^app/features/", pathNot: "^app/features/[^/]+/background\\.server\\.ts$" },
    },
    {
      name: "fixtures-for-tests",
      severity: "error",
      comment: "The engine's fixtures are fleets for tests, benches and fingerprints, not for the product.",
      from: { path: "^(app|server)/", pathNot: [TEST, "^app/features/charging-engine/"] },
      to: { path: "^app/features/charging-engine/fixtures/" },
    },
    {
      name: "own-door",
      severity: "error",
      comment: "Inside a feature, import the file itself: a feature that imports its own door makes a circle.",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/$1/index(\\.server)?\\.tsx?$" },
    },
    {
      name: "engine-stands-alone",
      severity: "error",
      comment:
        "The charging engine is a library: it imports nothing outside its folder (no app code, schema, database, React or package), so the planner, the live controller and the roadmap call the same pure code.",
      from: { path: "^app/features/charging-engine/", pathNot: [TEST, "^app/features/charging-engine/fixtures/"] },
      to: { pathNot: "^app/features/charging-engine/" },
    },
    {
      name: "engine-tests-stand-alone",
      severity: "error",
      comment: "The engine's tests and fixtures use test packages, never the app.",
      from: { path: "^app/features/charging-engine/" },
      to: { path: "^(app|server|scripts|tests)/", pathNot: "^app/features/charging-engine/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(build|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
