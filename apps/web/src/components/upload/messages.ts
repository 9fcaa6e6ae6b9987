/**
 * Every user-visible string of the upload components (#5), as platform.md §5/§8 and the issue quote them.
 * The §5 messages the spec quotes in English are shown in Chinese, as issue #5 lists them.
 */
export const MSG = {
  /** §5 chunked upload, not an H.264 MP4 (also for a file that is not an MP4 at all) */
  codec: "请上传正确的视频编码格式,H264-MPEG-4 AVC",
  /** §5 simple video upload */
  videoType: "请上传正确的视频格式",
  videoSize: "上传视频大小不能超过600MB!",
  videoHint: "只能上传mp4/flv/avi文件，且不超过600M",
  /** §8 Upload */
  videoSuccess: "视频上传成功！",
  videoFail: "视频上传失败，请重新上传！",
  /** §5 generic file upload (issue #5 wording) */
  fileType: "请上传正确的文件格式",
  fileSize: "视频大小不能超过500MB!",
  fileSuccess: "文件上传成功",
  fileFail: "文件上传失败，请重试",
  /** §5 image upload (issue #5 wording) */
  imageType: "请上传正确的图片格式",
  imageSize: "图片大小不能超过5M",
  /** §5 document upload (issue #5 wording): see maxFilesMessage(3) = '最多只能上传3个文件' */
  documentWarning: "温馨提示：文件上传过程中请勿刷新或关闭页面，刷新或关闭页面将取消上传并清空上传记录。",
  /** §5 disclaimer */
  disclaimer: "请勾选免责说明！！！",
  disclaimerLabel: "我已阅读并同意《上传免责说明》",
  disclaimerTerms: "上传的内容不得涉及个人隐私，不得侵犯他人著作权等合法权益，不得含有违反法律法规的信息；上传者对所上传的内容承担全部法律责任。",
  /** §4 chunked upload titles */
  uploading: "文件上传中",
  merging: "文件合并中",
  done: "上传完成",
  /** §8 network failure */
  network: "请联系管理员！！！",
  /** The chunked uploader's button and the recorder (not quoted by the spec) */
  chooseFile: "选择文件",
  chooseVideo: "上传视频",
  uploadCancelled: "已取消上传",
  recordStart: "开始录音",
  recordPause: "暂停",
  recordResume: "继续",
  recordStop: "停止",
  recordHoldHint: "长按录音，松开结束",
  recordUploading: "录音上传中…",
  previewTitle: "文件预览",
  previewNone: "该文件暂不支持在线预览，请下载后查看",
  previewDownload: "下载文件",
  previewLoadFail: "文件加载失败",
} as const;

/** §5 chunked size alert: '文件大小限制：5GB，实际文件大小：…' (1GB in research mode). */
export function sizeAlert(limitText: string, actualText: string): string {
  return `文件大小限制：${limitText}，实际文件大小：${actualText}`;
}

/** §5 document upload: '最多只能上传3个文件' for the default limit of 3 (§9). */
export function maxFilesMessage(n: number): string {
  return `最多只能上传${n}个文件`;
}

/** Attempts limit of the audio recorder reached (not quoted by the spec). */
export function recordLimitMessage(n: number): string {
  return `最多只能录制${n}次`;
}

/** Image count limit (the add button hides; shown when a multi-selection overflows). */
export function imageLimitMessage(n: number): string {
  return `最多只能上传${n}张图片`;
}
