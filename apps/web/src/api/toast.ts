/**
 * Toasts usable outside React components. <ToastBridge/> (inside antd <App>) binds the
 * context-aware message instance; until then antd's static `message` is used.
 */
import { message as staticMessage } from "antd";
import type { ArgsProps } from "antd/es/message/interface";
import { TOAST_SECONDS } from "../theme/constants";

export interface Toaster {
  open(args: ArgsProps): unknown;
  destroy(key?: string | number): void;
}

let holder: Toaster = staticMessage;

export function bindToaster(t: Toaster): void {
  holder = t;
}

export const toast = {
  error: (content: string, key?: string) => holder.open({ type: "error", content, duration: TOAST_SECONDS, key }),
  success: (content: string, key?: string) => holder.open({ type: "success", content, duration: 3, key }),
  warning: (content: string, key?: string) => holder.open({ type: "warning", content, duration: 3, key }),
  info: (content: string, key?: string) => holder.open({ type: "info", content, duration: 3, key }),
  /** Closes every open toast (§8 network failure). */
  destroyAll: () => holder.destroy(),
};

export type ToastApi = typeof toast;
