import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle is our Express app (server/app.ts), which mounts the
  // React Router request handler; the process entry (server.js) only listens.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // A feature's door (index.ts) lists what it offers; a page that takes one thing from it must not load the rest.
    // The features' modules do nothing when imported in the browser (no registration, no globals; their CSS is
    // imported where it is used and kept), so what a page does not use is dropped, and a chunk loaded on demand
    // (the savings estimate's engine, the map, the charts) stays on demand (decision 045). Not on the server, where
    // importing a module registers its background tasks.
    client: {
      build: {
        rollupOptions: {
          treeshake: { moduleSideEffects: (id: string) => !/\/app\/features\/.+\.tsx?$/.test(id) },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  // Bundled into the server build rather than loaded from node_modules at start: each package's index loads every icon
  // or primitive it has (some 0.25 s and 0.2 s of every start), the bundle only those the pages use (decision 040).
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    {
      // The charging-plan worker thread's script, the background process's
      // entry and the supervisor (the first process of `npm start`), next to
      // the server bundle as build/server/plan-worker.js,
      // build/server/background-process.js and build/server/supervisor.js.
      name: "electrify-worker-entries",
      apply: "build",
      applyToEnvironment: (environment) => environment.name === "ssr",
      buildStart() {
        this.emitFile({ type: "chunk", id: "./app/features/planning/plan-worker.ts", fileName: "plan-worker.js" });
        this.emitFile({
          type: "chunk",
          id: "./app/entry.background.server.ts",
          fileName: "background-process.js",
        });
        this.emitFile({ type: "chunk", id: "./server/supervisor.ts", fileName: "supervisor.js" });
      },
    },
  ],
});
