/** Typed calls of the 软件版本 screen and the device upgrade dialogs (docs/api/software.md). */
import {
  CALLS,
  type SoftwareDownloadAnswer,
  type SoftwareListAnswer,
  type SoftwareProduct,
  type SoftwareProductRow,
  type SoftwareSavePayload,
  type SoftwareUpdatePayload,
} from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../../api/client";

export const softwareApi = {
  list: (p: { product: SoftwareProduct; keyword?: string; status?: number; page?: number; limit?: number }) => call<SoftwareListAnswer>(CALLS.softwareList, p),
  products: () => call<SoftwareProductRow[]>(CALLS.softwareProducts, {}),
  models: () => call<string[]>(CALLS.softwareModels, {}),
  save: (p: z.input<typeof SoftwareSavePayload>) => call<{ id: number }>(CALLS.softwareSave, p),
  update: (p: z.input<typeof SoftwareUpdatePayload>) => call<{ id: number }>(CALLS.softwareUpdate, p),
  remove: (id: number) => call<{ id: number }>(CALLS.softwareDelete, { id }),
  setCurrent: (id: number) => call<{ id: number; version: string }>(CALLS.softwareSetCurrent, { id }),
  withdraw: (id: number, status: number) => call<{ id: number; status: number; targeting: number }>(CALLS.softwareWithdraw, { id, status }),
  download: (id: number) => call<SoftwareDownloadAnswer>(CALLS.softwareDownload, { id }),
};

/** Bytes as 812 B / 6.0 KB / 12.3 MB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/** Opens a signed download address (the browser saves the package under its stored name). */
export async function downloadPackage(id: number): Promise<void> {
  const d = await softwareApi.download(id);
  const a = document.createElement("a");
  a.href = d.url;
  a.download = d.file_name;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}
