/** Typed calls of the 软件版本 screen and the device upgrade dialogs (docs/api/software.md). */
import { type PayloadOf, calls } from "@yanke/protocol";
import { call } from "../../api/client";

export const softwareApi = {
  list: (p: PayloadOf<typeof calls.softwareList>) => call(calls.softwareList, p),
  products: () => call(calls.softwareProducts, {}),
  models: () => call(calls.softwareModels, {}),
  save: (p: PayloadOf<typeof calls.softwareSave>) => call(calls.softwareSave, p),
  update: (p: PayloadOf<typeof calls.softwareUpdate>) => call(calls.softwareUpdate, p),
  remove: (id: number) => call(calls.softwareDelete, { id }),
  setCurrent: (id: number) => call(calls.softwareSetCurrent, { id }),
  withdraw: (id: number, status: number) => call(calls.softwareWithdraw, { id, status }),
  download: (id: number) => call(calls.softwareDownload, { id }),
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
