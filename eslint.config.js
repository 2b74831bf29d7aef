import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
