import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const backend = process.env.YANKE_BACKEND ?? "http://localhost:8080";
const proxied = ["/middle", "/web", "/research", "/file", "/v2", "/config.js", "/sso", "/healthz", "/openapi.json", "/templates", "/files", "/live", "/device"];

export default defineConfig({
  plugins: [react()],
  // One copy of Yjs and the y-tiptap sync plugin (two copies break constructor checks and the caret's plugin key).
  resolve: { dedupe: ["yjs", "y-protocols", "lib0", "@tiptap/y-tiptap"] },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
      "/ws": { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // dist/.vite/manifest.json: bench/front-home.bench.ts derives the chunks a route loads from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 }],
        },
      },
    },
  },
});
