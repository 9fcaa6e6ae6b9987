import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { setSessionClearedHandler } from "./api/client";
import { AppProviders, queryClient } from "./App";
import { PageLoading } from "./components/PageLoading";
import { config } from "./config";
import { editionFor } from "./editions";
import { clearKeepAlive } from "./layout/keep-alive";
import { createAppRouter } from "./router/createAppRouter";
import { addressWithoutSsoParams, completeSso, readSsoCallback, setAppCacheReset } from "./session/auth";
import "./theme/global.css";

function resetCaches(): void {
  queryClient.clear();
  clearKeepAlive();
}
setAppCacheReset(resetCaches);
setSessionClearedHandler(resetCaches);

async function start(el: HTMLElement): Promise<void> {
  const root = createRoot(el);
  const sso = readSsoCallback(window.location.search);
  let target: string | null = null;
  if (sso) {
    root.render(
      <AppProviders>
        <PageLoading full tip="正在通过统一身份认证登录…" />
      </AppProviders>,
    );
    target = await completeSso(sso);
    window.history.replaceState(null, "", addressWithoutSsoParams(window.location.href));
  }
  const router = createAppRouter(editionFor(config.edition));
  if (target) await router.navigate(target, { replace: true });
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const el = document.getElementById("root");
if (el) void start(el);
