/** Base64 and file helpers for import (xlsx → base64) and export (FileAnswer → Blob). */

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(bin);
}

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const clean = b64.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  const bin = atob(clean);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A safe download file name (no path separators or control characters). */
export function safeFileName(name: string, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a safe file name must not contain.
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_").trim();
  return cleaned || fallback;
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Largest workbook the import accepts (AccountImport: 5 MB). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be imported, or '' when it can. */
export function importFileProblem(name: string, size: number): string {
  if (!/\.xlsx$/i.test(name)) return "只支持 .xlsx 文件，请使用下载的模板";
  if (size <= 0) return "文件内容为空";
  if (size > IMPORT_MAX_BYTES) return "文件不能超过 5MB";
  return "";
}

/** Saves a generated file (FileAnswer: base64 with its name and type) through a temporary link. */
export function downloadFile(file: { filename: string; mime: string; file: string }, fallbackName: string): void {
  const blob = new Blob([base64ToBytes(file.file)], { type: file.mime || XLSX_MIME });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = safeFileName(file.filename, fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a chosen file's bytes, reporting progress in percent. */
export function readFileBytes(file: Blob, onProgress: (percent: number) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    reader.onerror = () => reject(new Error("文件读取失败"));
    reader.onload = () => {
      const r = reader.result;
      if (r instanceof ArrayBuffer) resolve(new Uint8Array(r));
      else reject(new Error("文件读取失败"));
    };
    reader.readAsArrayBuffer(file);
  });
}
