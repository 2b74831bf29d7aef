/**
 * Import circles, type-only imports included (ESLint's import-x/no-cycle skips
 * those): `npm run lint` fails on any. The layer and feature rules are in
 * eslint.config.js.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module must not depend on itself through others: split the shared part into its own module.",
      from: {},
      to: { circular: true },
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
