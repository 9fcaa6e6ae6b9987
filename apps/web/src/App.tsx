import { App as AntApp, ConfigProvider } from "antd";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useLayoutEffect, type ReactNode } from "react";
import { bindToaster } from "./api/toast";
import { EmptyState } from "./components/EmptyState";
import { configProviderProps } from "./theme/constants";

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

function ToastBridge() {
  const { message } = AntApp.useApp();
  useLayoutEffect(() => bindToaster(message), [message]);
  return null;
}

/** antd (zh_CN, size small, z-index 2000, empty state), toasts and the query client. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider {...configProviderProps} renderEmpty={() => <EmptyState compact />}>
      <AntApp>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
