/**
 * The pure upload rules of platform.md §5/§9 (no React, no DOM): extensions, size limits and the messages they
 * give, the chunked size alert, durations as mm:ss. Each returns the refusal message or null when the file passes.
 */
import { formatBytes, UPLOAD, UPLOAD_MODULES } from "@yanke/protocol";
import { MSG, sizeAlert } from "./messages";

/** What the rules need of a File (a File, or a test double). */
export interface NamedSize {
  name: string;
  size: number;
  type?: string;
}

/** Lower-case extension without the dot ('' when the name has none): 'A.MP4' → 'mp4'. */
export function fileExt(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const i = base.lastIndexOf(".");
  return i > 0 && i < base.length - 1 ? base.slice(i + 1).toLowerCase() : "";
}

/** The name without its extension: 'lesson.final.mp4' → 'lesson.final'. */
export function baseName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const i = base.lastIndexOf(".");
  return i > 0 ? base.slice(0, i) : base;
}

export function hasExt(name: string, exts: readonly string[]): boolean {
  return exts.includes(fileExt(name));
}

/** §5 simple video upload types. */
export const SIMPLE_VIDEO_EXTS = UPLOAD_MODULES.connectivity.exts;
/** §5 document upload (big file) types. */
export const DOCUMENT_EXTS = UPLOAD_MODULES.document.exts;
/** §5 image upload types: png or jpeg. */
export const IMAGE_EXTS = ["png", "jpg", "jpeg"] as const;
const IMAGE_MIMES = ["image/png", "image/jpeg"];

/** The kinds of the generic file upload (§5) and the /file/upload module each uses. */
export const FILE_UPLOAD_KINDS = ["word", "exe", "video", "any"] as const;
export type FileUploadKind = (typeof FILE_UPLOAD_KINDS)[number];

/** The `accept` attribute of a file input for a list of extensions ('' = anything). */
export function acceptOf(exts: readonly string[]): string {
  return exts.map((e) => `.${e}`).join(",");
}

/** §5 simple video upload: mp4/ogg/flv/avi/wmv/rmvb, at most 600 MB. */
export function checkSimpleVideo(f: NamedSize): string | null {
  if (!hasExt(f.name, SIMPLE_VIDEO_EXTS)) return MSG.videoType;
  if (f.size > UPLOAD.simpleVideoMax) return MSG.videoSize;
  return null;
}

/** §5 image upload: png or jpeg (by extension, or by MIME type when the name has none), at most 5 MB. */
export function checkImage(f: NamedSize): string | null {
  const ext = fileExt(f.name);
  const ok = ext ? (IMAGE_EXTS as readonly string[]).includes(ext) : IMAGE_MIMES.includes(f.type ?? "");
  if (!ok) return MSG.imageType;
  if (f.size > UPLOAD.imageMax) return MSG.imageSize;
  return null;
}

/** §5 generic file upload: the kind's types ('any' takes every type), at most 500 MB. */
export function checkGenericFile(f: NamedSize, kind: FileUploadKind): string | null {
  const exts = UPLOAD_MODULES[kind].exts;
  if (exts.length > 0 && !hasExt(f.name, exts)) return MSG.fileType;
  if (f.size > UPLOAD.genericFileMax) return MSG.fileSize;
  return null;
}

/** §5 document upload: the listed types (the size is the chunked upload's, checked by the engine). */
export function checkDocument(f: NamedSize): string | null {
  return hasExt(f.name, DOCUMENT_EXTS) ? null : MSG.fileType;
}

/** §5/§9 chunked upload limit: 5 GB, 1 GB in research mode. */
export function bigFileLimit(research: boolean): { bytes: number; text: string } {
  return research ? { bytes: UPLOAD.researchBigFileMax, text: "1GB" } : { bytes: UPLOAD.bigFileMax, text: "5GB" };
}

/** §5 chunked size check: null, or '文件大小限制：5GB，实际文件大小：6.5 GB'. */
export function checkBigFileSize(size: number, research: boolean): string | null {
  const limit = bigFileLimit(research);
  return size > limit.bytes ? sizeAlert(limit.text, formatBytes(size)) : null;
}

/** Seconds → 'mm:ss' (minutes keep counting past 59: 75:03). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const mm = Math.floor(s / 60);
  const ss = s % 60;
  return `${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
}

export { formatBytes };
