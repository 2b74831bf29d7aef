import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
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
  depots: [],
  users: [],
  grid: [],
  backup: [],
  investors: [],
  company: ["users"],
  designer: ["depots"],
  surveys: ["depots"],
  electrify: ["grid"],
  admin: ["depots", "users"],
  planning: ["company", "depots", "designer", "grid"],
};

const layerZones = [
  {
    target: "./app/lib",
    from: ["./app/features", "./app/routes", "./app/components"],
    message: "lib is the bottom layer: it imports only lib.",
  },
  {
    target: "./app/components",
    from: ["./app/features", "./app/routes"],
    message: "Shared components import only components and lib; a component of one feature lives in that feature.",
  },
  {
    target: "./app/features",
    from: ["./app/routes"],
    message: "Features never import routes: move what both need into the feature.",
  },
  ...Object.entries(FEATURE_DEPENDENCIES).map(([feature, uses]) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`, ...uses.map((used) => `./${used}`)],
    message: `features/${feature} may use only ${uses.length ? uses.join(", ") : "no other feature"} (FEATURE_DEPENDENCIES in eslint.config.js).`,
  })),
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "tmp/", "test-results/", "playwright-report/"] },
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
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver()] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
    },
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
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "busboy", message: "Read bodies through ~/lib/request-body.server (readForm, streamForm)." }],
        },
      ],
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
);
