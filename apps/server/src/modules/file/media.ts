import { execFile } from "node:child_process";
import { open } from "node:fs/promises";
import path from "node:path";
import type { FileKind } from "@yanke/protocol";
import { fileTypeFromBuffer } from "file-type";

/**
 * What the bytes say a file is (file-type, plus the few formats it does not know), and what ffprobe says of media.
 * The server decides by these, never by the name or the MIME type the client sent.
 */

export interface Sniffed {
  /** Our extension for it: jpg, png, mp4, doc, docx, wmv, rmvb … ("" when the bytes tell nothing). */
  ext: string;
  mime: string;
}

const HEAD_BYTES = 4100;

/** The name's extension, lower case, without the dot ("" for none). */
export function nameExt(name: string): string {
  const e = path.extname(name).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(e) ? e : "";
}

/** The first bytes of a file (enough for every signature file-type reads). */
export async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const fh = await open(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

const OOXML_EXTS = new Set(["docx", "xlsx", "pptx"]);
/** How far into a zip sniffFile reads when the head alone says only "zip". */
const OOXML_SNIFF_BYTES = 8 * 1024 * 1024;

/**
 * Sniffs a file on disk. An Office Open XML file (.docx/.xlsx/.pptx) is a zip whose telling entries
 * ([Content_Types].xml, word/…) need not come first — the `docx` package, for one, writes them after the media — so
 * when the head says only "zip" and the name claims an OOXML type, the sniff is repeated over the first 8 MB.
 */
export async function sniffFile(file: string, name: string): Promise<Sniffed> {
  const first = await sniff(await readHead(file), name);
  if (first.ext !== "zip" || !OOXML_EXTS.has(nameExt(name))) return first;
  return sniff(await readHead(file, OOXML_SNIFF_BYTES), name);
}

const OLE_EXTS = new Set(["doc", "xls", "ppt"]);
const TEXT_EXTS = new Set(["txt", "csv", "md", "json", "xml", "srt", "vtt", "log"]);

/** Sniffs the bytes; `name` only settles what the bytes leave open (an OLE container: doc, xls or ppt; text). */
export async function sniff(head: Buffer, name: string): Promise<Sniffed> {
  const fromName = nameExt(name);
  // RealMedia (.rm/.rmvb) starts with ".RMF"; file-type does not know it.
  if (head.subarray(0, 4).toString("latin1") === ".RMF") return { ext: "rmvb", mime: "application/vnd.rn-realmedia-vbr" };
  const t = await fileTypeFromBuffer(head);
  if (!t) {
    if (TEXT_EXTS.has(fromName) && looksLikeText(head)) return { ext: fromName, mime: fromName === "csv" ? "text/csv" : "text/plain" };
    return { ext: "", mime: "application/octet-stream" };
  }
  switch (t.ext) {
    case "cfb":
      // Old Office files are OLE containers; the bytes do not say which application.
      return OLE_EXTS.has(fromName)
        ? { ext: fromName, mime: { doc: "application/msword", xls: "application/vnd.ms-excel", ppt: "application/vnd.ms-powerpoint" }[fromName]! }
        : { ext: "cfb", mime: t.mime };
    case "asf":
      return { ext: "wmv", mime: "video/x-ms-wmv" };
    case "ogv":
    case "oga":
    case "opus":
    case "ogx":
      return { ext: "ogg", mime: t.mime };
    case "m4v":
      return { ext: "mp4", mime: "video/mp4" };
    default:
      return { ext: t.ext, mime: t.mime };
  }
}

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (head.includes(0)) return false;
  // Valid UTF-8 (a cut multi-byte character at the very end is fine).
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

const KIND_BY_EXT: Record<string, FileKind> = {
  mp4: "video",
  mov: "video",
  flv: "video",
  avi: "video",
  wmv: "video",
  rmvb: "video",
  webm: "video",
  mkv: "video",
  mpg: "video",
  ts: "video",
  mp3: "audio",
  wav: "audio",
  m4a: "audio",
  aac: "audio",
  flac: "audio",
  amr: "audio",
  png: "image",
  jpg: "image",
  gif: "image",
  webp: "image",
  bmp: "image",
  pdf: "pdf",
  doc: "office",
  docx: "office",
  xls: "office",
  xlsx: "office",
  ppt: "office",
  pptx: "office",
  odt: "office",
  ods: "office",
  odp: "office",
  rtf: "office",
};

/** The kind of a sniffed file (ogg: by its MIME type, audio or video). */
export function kindOf(s: Sniffed): FileKind {
  if (s.ext === "ogg") return s.mime.startsWith("audio") ? "audio" : "video";
  if (TEXT_EXTS.has(s.ext)) return "text";
  return KIND_BY_EXT[s.ext] ?? "other";
}

export interface Probe {
  duration: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
}

/** ffprobe of a local file or an address; undefined when ffprobe cannot read it (not media, or damaged). */
export function probe(ffprobe: string, input: string, timeoutMs = 60_000): Promise<Probe | undefined> {
  return new Promise((resolve) => {
    execFile(
      ffprobe,
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", input],
      { timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024 },
      (err, stdout) => {
        if (err) return resolve(undefined);
        try {
          const j = JSON.parse(stdout) as { format?: { duration?: string }; streams?: { codec_type?: string; codec_name?: string }[] };
          const streams = j.streams ?? [];
          const d = Number(j.format?.duration);
          resolve({
            duration: Number.isFinite(d) ? Math.round(d * 1000) / 1000 : null,
            videoCodec: streams.find((s) => s.codec_type === "video" && s.codec_name !== "mjpeg" && s.codec_name !== "png")?.codec_name ?? null,
            audioCodec: streams.find((s) => s.codec_type === "audio")?.codec_name ?? null,
          });
        } catch {
          resolve(undefined);
        }
      },
    );
  });
}
