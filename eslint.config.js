import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Dependencies point one way: routes → features → components and lib
 * (docs/decisions/022). A feature may use another feature only when that
 * dependency is listed here; the list has no circle. Adding a line here is
 * the review point for a new dependency between features.
 */
const FEATURE_DEPENDENCIES = {
  "charging-engine": [],
  depots: [],
  users: [],
  grid: [],
  backup: [],
  investors: [],
  company: ["depots", "users"],
  team: ["depots", "users"],
  designer: ["depots"],
  surveys: ["depots"],
  "energy-map": ["grid"],
  admin: ["depots", "team", "users"],
  connections: ["charging-engine", "depots"],
  planning: ["charging-engine", "company", "connections", "depots", "designer", "grid"],
  trips: ["depots", "planning"],
  // Box Charge's rooms (decision 056), each only on those before it: what happened, what is known of vehicles (and
  // whose tags they are), the chargers that tell it and ask who may charge, the controller that decides from all
  // three, and the pages that show them together.
  "charging-records": ["charging-engine", "depots"],
  vehicles: ["charging-records", "depots", "planning"],
  chargers: ["charging-records", "depots", "vehicles"],
  "live-control": ["chargers", "charging-engine", "charging-records", "connections", "depots", "planning", "vehicles"],
  operations: ["chargers", "charging-engine", "charging-records", "depots", "live-control", "planning", "vehicles"],
  portfolio: ["charging-engine", "connections", "depots", "planning", "grid", "energy-map", "team"],
  alerts: ["chargers", "depots", "operations", "team", "vehicles"],
  "fleet-api": [
    "chargers",
    "charging-records",
    "connections",
    "depots",
    "hubs",
    "live-control",
    "operations",
    "team",
    "vehicles",
  ],
  hubs: [
    "chargers",
    "charging-engine",
    "charging-records",
    "depots",
    "energy-map",
    "planning",
    "team",
    "trips",
    "vehicles",
  ],
};

/** Read bodies through one module, where stream errors and limits are handled (decision 020). */
const busboyPath = { name: "busboy", message: "Read bodies through ~/lib/request-body.server (readForm, streamForm)." };
const restricted = (patterns, paths = [busboyPath]) => ["error", { paths, patterns }];

/** Import rules per layer: `files` may not import what `group` names (gitignore patterns; `!` allows). */
const layers = [
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    group: ["~/features/**", "~/routes/**", "~/components/**", "**/features/**", "**/routes/**"],
    message: "lib is the bottom layer: it imports only lib (decision 022).",
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    group: ["~/features/**", "~/routes/**", "**/features/**", "**/routes/**"],
    message: "Shared components import only components and lib; a component of one feature lives in that feature.",
  },
  ...Object.entries(FEATURE_DEPENDENCIES).map(([feature, uses]) => ({
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    group: [
      "~/routes/**",
      ...Object.keys(FEATURE_DEPENDENCIES)
        .filter((other) => other !== feature && !uses.includes(other))
        .flatMap((other) => [`~/features/${other}`, `~/features/${other}/**`]),
      // Out of the feature by a relative path: name it ~/features/<other>/… so the rule above sees it.
      "../../**",
    ],
    message: `features/${feature} imports no routes, and of other features only ${uses.length ? uses.join(", ") : "none"} (FEATURE_DEPENDENCIES in eslint.config.js).`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "tmp/",
      "test-results/",
      "playwright-report/",
      // Generated from the OpenADR 3.0.1 specification (npm run openadr:types).
      "app/features/connections/openadr/openadr3.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // A file a newcomer can read in one sitting: past 300 lines, split it along its seams (tests aside).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    // A function a newcomer can follow: past 80 lines of logic (150 for a component), split it where it has a seam, or
    // say in the comment that turns this off for it why it reads best whole (decision 045). Blank lines and comments
    // are not counted.
    files: ["app/**/*.ts", "server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["app/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Command-line tools and test scripts talk to a terminal.
    files: ["app/cli/**", "scripts/**", "tests/**", "server.js"],
    rules: { "no-console": "off" },
  },
  {
    // Only the process entry and the environment module read process.env.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/env.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration from getRuntime().env (validated in app/lib/env.server.ts).",
        },
      ],
    },
  },
  {
    // Request bodies are read in one place, where their stream errors and limits are handled.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/lib/request-body.server.ts"],
    rules: {
      "no-restricted-imports": restricted([]),
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[object.name='request'][property.name=/^(formData|body|text|json|arrayBuffer|blob)$/]",
          message:
            "Read bodies through ~/lib/request-body.server (readForm, streamForm): it handles aborted uploads and limits.",
        },
      ],
    },
  },
  // After the rule above, so each layer's files get its patterns and the busboy rule together.
  ...layers.map(({ files, group, message }) => ({
    files,
    // Tests beside the code may reach tests/support.
    ignores: ["app/lib/request-body.server.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": restricted([{ group, message }]) },
  })),
  {
    files: ["app/lib/request-body.server.ts"],
    rules: { "no-restricted-imports": restricted([{ group: layers[0].group, message: layers[0].message }], []) },
  },
);
