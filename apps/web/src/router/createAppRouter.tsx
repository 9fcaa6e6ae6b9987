import { createBrowserRouter, createHashRouter, type RouteObject } from "react-router";
import { config } from "../config";
import { ErrorPage } from "./ErrorPage";
import { bindNavigate } from "./location";
import { RootLayout } from "./RootLayout";
import { aliasRoutes, type EditionDefinition } from "./route-helpers";
import { sharedRoutes } from "./shared-routes";

/** The full route table of one edition: its own routes, the short-path aliases, and the shared routes. */
export function appRoutes(edition: EditionDefinition): RouteObject[] {
  return [
    {
      element: <RootLayout edition={edition} />,
      errorElement: <ErrorPage />,
      children: [...edition.routes, ...aliasRoutes(edition.aliases), ...sharedRoutes],
    },
  ];
}

/** Hash router unless the deployment selects history mode (§2). */
export function createAppRouter(edition: EditionDefinition) {
  const routes = appRoutes(edition);
  const router = config.historyMode ? createBrowserRouter(routes) : createHashRouter(routes);
  bindNavigate((to, replace) => void router.navigate(to, { replace }));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
