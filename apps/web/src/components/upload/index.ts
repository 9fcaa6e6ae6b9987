/** The upload, record and preview components of issue #5 (docs/web-upload-components.md). */
export { ChunkedUploader, type ChunkedUploaderProps } from "./ChunkedUploader";
export { VideoUpload, type VideoUploadProps } from "./VideoUpload";
export { ImageUpload, type ImageUploadProps } from "./ImageUpload";
export { DocumentUpload, type DocumentUploadProps } from "./DocumentUpload";
export { FileUpload, type FileUploadProps } from "./FileUpload";
export { UploadDisclaimer, ensureDisclaimer, useDisclaimer, type UploadDisclaimerProps } from "./UploadDisclaimer";
export { AudioRecorder, type AudioRecorderProps } from "./AudioRecorder";
export { FilePreview, downloadUrl, type FilePreviewProps } from "./FilePreview";
export { UploadedList, type UploadedItem } from "./UploadedList";

export {
  ChunkedUpload,
  defaultParallel,
  looksLikeMp4,
  sliceProgress,
  uploadChunked,
  type ChunkedResult,
  type ChunkedUploadFailure,
  type ChunkedUploadOptions,
  type ChunkStage,
  type UploadSource,
} from "./chunked-upload";
export { checkH264Mp4, isH264Codec, topLevelBoxes, CODEC_MESSAGE, type CodecCheck } from "./mp4-codec";
export { fileUploadId, sha256 } from "./file-id";
export { postMultipart, xhrMultipart, UploadError, NETWORK_CODE, ABORT_CODE, type Fields } from "./multipart";
export { Mp3Recorder, type RecorderState } from "./mp3-recorder";
export { Resampler, floatTo16, mp3FileName, validateEncoderParams, DEFAULT_ENCODER, type EncoderParams, type RecordingObject } from "./audio-encoding";
export {
  acceptOf,
  baseName,
  checkBigFileSize,
  checkDocument,
  checkGenericFile,
  checkImage,
  checkSimpleVideo,
  fileExt,
  formatBytes,
  formatDuration,
  hasExt,
  DOCUMENT_EXTS,
  FILE_UPLOAD_KINDS,
  IMAGE_EXTS,
  SIMPLE_VIDEO_EXTS,
  type FileUploadKind,
} from "./upload-rules";
export { MSG, imageLimitMessage, maxFilesMessage, recordLimitMessage, sizeAlert } from "./messages";
