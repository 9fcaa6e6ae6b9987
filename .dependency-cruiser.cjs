/**
 * Module boundaries of the code base (issue #20; docs/architecture.md). `npm run lint` runs it; CI fails on any finding.
 * - a server module's tables (`*.schema.ts`) are read and written by its own files only; other modules go through its
 *   public surface (index.ts / its service);
 * - no import circles anywhere (type-only imports included: a circle of types is still a circle of design).
 */
module.exports = {
  forbidden: [
    {
      name: "no-foreign-schema",
      severity: "error",
      comment: "A module's tables are its own: import another module's service or public surface, not its *.schema.ts.",
      from: { path: "^apps/server/src/modules/([^/]+)/" },
      to: { path: "^apps/server/src/modules/([^/]+)/.*[.]schema[.]ts$", pathNot: "^apps/server/src/modules/$1/" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Import circles make the load order fragile and the layers unreadable.",
      from: { path: "^(apps|packages)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    parser: "swc",
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".d.ts"],
    },
  },
};
