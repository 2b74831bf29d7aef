import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle is our Express app (server/app.ts), which mounts the
  // React Router request handler; the process entry (server.js) only listens.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
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
