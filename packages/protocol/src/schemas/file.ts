/**
 * Files and uploads (issue #5; calls c093, c171–c174, c386, c387; docs/api/files.md).
 *
 * Field names are the spec's (platform.md §3 Uploaded file, File record): filename, real_file_name, size, uuid,
 * chunkLength, chunk, action, account_id; merge answers save_path, size, id, real_file_name; a file record is
 * file_path, file_name, file_type, type, size. Uploads travel as multipart (raw rows of calls.tsv): every field is
 * a string on the wire, hence the coercions.
 */
import { z } from "zod";
import { UPLOAD } from "../constants.js";
import { zId } from "./common.js";
import { call } from "../contract.js";

export const FILE_CALLS = {
  /** c093: chunked upload, action slice | merge | status */ fileSections: "/file/filesections",
  /** c171: one-request upload (generic by module; simple video with module 'connectivity') */ fileUpload: "/file/upload",
  /** c172: chunk provider 1 (same protocol as c093, 4 slices in parallel) */ fileChunkUpload: "/file/chunkUpload",
  /** c173: chunk provider 2, the "slice uploader" (same protocol, 1 slice at a time) */ fileSliceUpload: "/file/sliceUpload",
  /** c174: the audio recorder's MP3 (field audio) */ fileAudioUpload: "/file/audioUpload",
  /** c386: how to show a file (kind and address; Office documents converted to PDF once) */ filePreview: "/v2/filePreview/preview",
  /** c387: what the caller may do with a file (preview, download, delete) */ filePower: "/v2/filePreview/filePower",
  /** new: the caller's own files */ fileList: "/file/list",
  /** new: delete a file (owner or administrator in scope); gives its bytes back to the quotas */ fileDelete: "/file/delete",
} as const;

/** Where files are read: GET `${FILE_GET_PREFIX}/<id>` (Range supported), `?download=1` for an attachment. */
export const FILE_GET_PREFIX = "/files";

/** The chunk upload kinds: `video` (default) takes H.264 MP4 only; `all` takes any file (§5 Chunked upload). */
export const CHUNK_TYPES = ["video", "all"] as const;
export type ChunkType = (typeof CHUNK_TYPES)[number];

/**
 * Modules of /file/upload and what each accepts (§5): extensions (checked against the bytes, not the name) and
 * the largest size. `connectivity` is the simple video upload.
 */
export const UPLOAD_MODULES = {
  connectivity: { label: "视频", exts: ["mp4", "ogg", "flv", "avi", "wmv", "rmvb"], max: UPLOAD.simpleVideoMax },
  video: { label: "视频", exts: ["mp4", "ogg", "flv", "avi", "wmv", "rmvb"], max: UPLOAD.genericFileMax },
  word: { label: "Word 文档", exts: ["doc", "docx"], max: UPLOAD.genericFileMax },
  exe: { label: "安装程序", exts: ["exe"], max: UPLOAD.genericFileMax },
  document: { label: "文档", exts: ["doc", "docx", "xls", "xlsx", "pdf", "ppt", "pptx"], max: UPLOAD.genericFileMax },
  image: { label: "图片", exts: ["png", "jpg", "jpeg"], max: UPLOAD.imageMax },
  editor: { label: "图片", exts: ["png", "jpg", "jpeg", "gif", "webp"], max: UPLOAD.imageMax },
  comment: { label: "图片", exts: ["png", "jpg", "jpeg"], max: UPLOAD.commentImageMax },
  any: { label: "文件", exts: [] as string[], max: UPLOAD.genericFileMax },
} as const satisfies Record<string, { label: string; exts: readonly string[]; max: number }>;
export type UploadModule = keyof typeof UPLOAD_MODULES;
export const UPLOAD_MODULE_NAMES = Object.keys(UPLOAD_MODULES) as UploadModule[];

/** The audio recorder's largest file (an hour at 320 kbps is 144 MB). */
export const AUDIO_MAX = 200 * 1024 * 1024;

/** How many chunks a file of `size` bytes has at UPLOAD.chunkSize (an empty file has one empty chunk). */
export function chunkCount(size: number, chunkSize: number = UPLOAD.chunkSize): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}

/** The byte length chunk `index` must have. */
export function chunkBytes(size: number, index: number, chunkSize: number = UPLOAD.chunkSize): number {
  const n = chunkCount(size, chunkSize);
  return index < n - 1 ? chunkSize : size - (n - 1) * chunkSize;
}

const zInt = (label: string) => z.coerce.number({ message: "必须是数字" }).int("必须是整数").describe(label);
const zFlag = z
  .union([z.boolean(), z.enum(["0", "1", "true", "false", ""])])
  .optional()
  .transform((v) => v === true || v === "1" || v === "true");

/** The multipart fields of c093/c172/c173 (the part `file` is the chunk's bytes, for action=slice). */
export const ChunkFields = z.object({
  action: z.enum(["slice", "merge", "status"], { message: "只能是 slice、merge 或 status" }).describe("操作"),
  uuid: z
    .string({ message: "必填" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "只能是 8–64 位字母、数字、- 或 _")
    .describe("上传编号"),
  real_file_name: z.string({ message: "必填" }).trim().min(1, "不能为空").max(200, "不能超过 200 个字符").describe("文件名"),
  size: zInt("文件大小").min(0, "不能小于 0").max(UPLOAD.bigFileMax, "超过 5GB 上限"),
  chunkLength: zInt("分片数").min(1, "至少为 1"),
  chunk: zInt("分片序号").min(0, "不能小于 0").optional(),
  filename: z.string().max(300).optional().describe("分片文件名（仅记录）"),
  account_id: z.coerce.number().int().optional().describe("账号（以登录会话为准）"),
  type: z.enum(CHUNK_TYPES, { message: "只能是 video 或 all" }).default("video").describe("文件类型：video 仅 H.264 MP4，all 任意"),
  research: zFlag.describe("研究模式（送 AI 分析的课堂，上限 1GB）"),
});
export type ChunkFields = z.infer<typeof ChunkFields>;

/** action=status: what the server holds, so a client resumes with the missing chunks. */
export const ChunkStatusAnswer = z.object({
  uuid: z.string(),
  /** Chunk indexes held whole, ascending. */
  chunks: z.array(z.number().int()),
  chunkLength: z.number().int(),
  size: z.number(),
  /** Set once merged: the merge answer (a second merge answers the same). */
  merged: z.lazy(() => MergeAnswer).nullable(),
});
export type ChunkStatusAnswer = z.infer<typeof ChunkStatusAnswer>;

/** action=slice: the chunk is held (ask action=status for the whole picture; answering it per slice would cost a listing each time). */
export const SliceAnswer = z.object({ uuid: z.string(), chunk: z.number().int(), size: z.number().int(), chunkLength: z.number().int() });
export type SliceAnswer = z.infer<typeof SliceAnswer>;

/** action=merge (§3 Uploaded file: merge result save_path, size, id, real_file_name) */
export const MergeAnswer = z.object({
  id: z.number().int(),
  save_path: z.string(),
  size: z.number(),
  real_file_name: z.string(),
  sha256: z.string(),
});
export type MergeAnswer = z.infer<typeof MergeAnswer>;

/** /file/upload fields (the part `file` carries the bytes). */
export const UploadFields = z.object({
  module: z.enum(UPLOAD_MODULE_NAMES as [UploadModule, ...UploadModule[]], { message: `只能是 ${UPLOAD_MODULE_NAMES.join("、")}` }).default("any"),
  name: z.string().trim().max(200, "不能超过 200 个字符").optional().describe("文件名（缺省用上传的文件名）"),
  account_id: z.coerce.number().int().optional(),
});
export type UploadFields = z.infer<typeof UploadFields>;

/** /file/audioUpload fields (the part `audio` carries the MP3). */
export const AudioFields = z.object({
  name: z.string().trim().max(200).optional().describe("文件名（缺省 record.mp3）"),
});

/** A stored file as answered by uploads and lists (§3 File record plus its id and address). */
export const FileRecord = z.object({
  id: z.number().int(),
  /** Address to read it: /files/<id> (public files: anyone; private ones: TOKEN header or the signed address of c386) */
  file_path: z.string(),
  file_name: z.string(),
  /** Extension, lower case, from the bytes when they tell (mp4, png, pdf, docx …) */
  file_type: z.string(),
  /** Kind: video, audio, image, pdf, office, text, other */
  type: z.string(),
  size: z.number(),
  mime: z.string(),
  module: z.string(),
  account_id: z.number().int(),
  /** Seconds, for audio and video (ffprobe); null otherwise */
  duration: z.number().nullable(),
  /** Video codec (h264, hevc …) when probed */
  codec: z.string().nullable(),
  sha256: z.string(),
  /** Public files (images of pages) are read by anyone; private ones by the owner, administrators in scope and signed addresses. */
  is_public: z.boolean(),
  create_time: z.string(),
});
export type FileRecord = z.infer<typeof FileRecord>;

export const FILE_KINDS = ["video", "audio", "image", "pdf", "office", "text", "other"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FileIdPayload = z.object({ id: zId("文件") });
export type FileIdPayload = z.infer<typeof FileIdPayload>;

export const FileListPayload = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(FILE_KINDS).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type FileListPayload = z.infer<typeof FileListPayload>;

/** /file/list answer: a page of the caller's files, and what all of them take by kind (for the usage chart). */
export interface FileListAnswer {
  list: FileRecord[];
  total: number;
  by_type: { type: FileKind; count: number; size: number }[];
  /** The caller's space: quota (0 = not limited), used, and what one upload could still take (null: no limit). */
  space: { quota_bytes: number; used_bytes: number; available_bytes: number | null };
}

/** c386 answer: how the client shows it. `url` reads the original, `preview_url` the PDF rendition of Office files. */
export const PreviewAnswer = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file_type: z.string(),
  type: z.enum(FILE_KINDS),
  size: z.number(),
  url: z.string(),
  /** What to render: the original for image/audio/video/pdf/text, the converted PDF for office; null: download only. */
  preview_url: z.string().nullable(),
  /** How to render preview_url. */
  viewer: z.enum(["image", "audio", "video", "pdf", "text", "none"]),
});
export type PreviewAnswer = z.infer<typeof PreviewAnswer>;

/** c387 payload: by file; the activity and type narrow it when files are shared through an activity (#7–#9). */
export const FilePowerPayload = z.object({
  id: zId("文件"),
  activity_id: z.coerce.number().int().min(0).optional(),
  type: z.string().trim().max(40).optional(),
});
export type FilePowerPayload = z.infer<typeof FilePowerPayload>;

export const FilePowerAnswer = z.object({
  id: z.number().int(),
  preview: z.boolean(),
  download: z.boolean(),
  delete: z.boolean(),
  /** Why not, when preview is false. */
  reason: z.string(),
  /** Where to read it (a signed address for a private file; "" when not allowed); add download=1 to save it. */
  url: z.string(),
});
export type FilePowerAnswer = z.infer<typeof FilePowerAnswer>;

/** The calls of FILE_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const FILE = {
  fileSections: call<SliceAnswer | ChunkStatusAnswer | MergeAnswer>()(FILE_CALLS.fileSections, ChunkFields),
  fileUpload: call<FileRecord>()(FILE_CALLS.fileUpload, UploadFields),
  fileChunkUpload: call<SliceAnswer | ChunkStatusAnswer | MergeAnswer>()(FILE_CALLS.fileChunkUpload, ChunkFields),
  fileSliceUpload: call<SliceAnswer | ChunkStatusAnswer | MergeAnswer>()(FILE_CALLS.fileSliceUpload, ChunkFields),
  fileAudioUpload: call<FileRecord>()(FILE_CALLS.fileAudioUpload, AudioFields),
  filePreview: call<PreviewAnswer>()(FILE_CALLS.filePreview, FileIdPayload),
  filePower: call<FilePowerAnswer>()(FILE_CALLS.filePower, FilePowerPayload),
  fileList: call<FileListAnswer>()(FILE_CALLS.fileList, FileListPayload),
  fileDelete: call<{ id: number }>()(FILE_CALLS.fileDelete, FileIdPayload),
} as const;
