import { UPLOAD } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { MSG, maxFilesMessage } from "./messages";
import {
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
} from "./upload-rules";

const MB = 1024 * 1024;

describe("file names", () => {
  it("fileExt is the lower-case last extension", () => {
    expect(fileExt("课堂.MP4")).toBe("mp4");
    expect(fileExt("a.tar.gz")).toBe("gz");
    expect(fileExt("C:\\videos\\x.Avi")).toBe("avi");
    expect(fileExt("noext")).toBe("");
    expect(fileExt(".hidden")).toBe("");
    expect(fileExt("dot.")).toBe("");
    expect(baseName("lesson.final.mp4")).toBe("lesson.final");
    expect(acceptOf(["mp4", "flv"])).toBe(".mp4,.flv");
  });
});

describe("simple video upload (§5)", () => {
  it("types mp4, ogg, flv, avi, wmv, rmvb; else 请上传正确的视频格式", () => {
    for (const e of ["mp4", "ogg", "flv", "avi", "wmv", "rmvb", "MP4"]) expect(checkSimpleVideo({ name: `v.${e}`, size: 1 })).toBeNull();
    for (const n of ["v.mov", "v.mkv", "v", "v.mp4.exe"]) expect(checkSimpleVideo({ name: n, size: 1 })).toBe("请上传正确的视频格式");
  });
  it("at most 600 MB; else 上传视频大小不能超过600MB!", () => {
    expect(checkSimpleVideo({ name: "v.mp4", size: 600 * MB })).toBeNull();
    expect(checkSimpleVideo({ name: "v.mp4", size: 600 * MB + 1 })).toBe("上传视频大小不能超过600MB!");
    expect(MSG.videoHint).toBe("只能上传mp4/flv/avi文件，且不超过600M");
    expect([MSG.videoSuccess, MSG.videoFail]).toEqual(["视频上传成功！", "视频上传失败，请重新上传！"]);
  });
});

describe("image upload (§5)", () => {
  it("png or jpeg only; 请上传正确的图片格式", () => {
    for (const n of ["a.png", "a.jpg", "a.JPEG"]) expect(checkImage({ name: n, size: 10 })).toBeNull();
    for (const n of ["a.gif", "a.webp", "a.bmp", "a.svg"]) expect(checkImage({ name: n, size: 10 })).toBe("请上传正确的图片格式");
    // a pasted image without a name is judged by its MIME type
    expect(checkImage({ name: "", size: 10, type: "image/png" })).toBeNull();
    expect(checkImage({ name: "", size: 10, type: "image/gif" })).toBe("请上传正确的图片格式");
  });
  it("at most 5 MB; 图片大小不能超过5M", () => {
    expect(checkImage({ name: "a.png", size: 5 * MB })).toBeNull();
    expect(checkImage({ name: "a.png", size: 5 * MB + 1 })).toBe("图片大小不能超过5M");
  });
});

describe("generic file upload (§5)", () => {
  it("by kind: word doc/docx, exe, video types, any", () => {
    expect(checkGenericFile({ name: "a.docx", size: 1 }, "word")).toBeNull();
    expect(checkGenericFile({ name: "a.pdf", size: 1 }, "word")).toBe("请上传正确的文件格式");
    expect(checkGenericFile({ name: "setup.exe", size: 1 }, "exe")).toBeNull();
    expect(checkGenericFile({ name: "setup.msi", size: 1 }, "exe")).toBe("请上传正确的文件格式");
    expect(checkGenericFile({ name: "v.rmvb", size: 1 }, "video")).toBeNull();
    expect(checkGenericFile({ name: "v.mkv", size: 1 }, "video")).toBe("请上传正确的文件格式");
    expect(checkGenericFile({ name: "anything.xyz", size: 1 }, "any")).toBeNull();
  });
  it("at most 500 MB; 视频大小不能超过500MB!", () => {
    expect(checkGenericFile({ name: "a.docx", size: 500 * MB }, "word")).toBeNull();
    expect(checkGenericFile({ name: "a.docx", size: 500 * MB + 1 }, "word")).toBe("视频大小不能超过500MB!");
    expect([MSG.fileSuccess, MSG.fileFail]).toEqual(["文件上传成功", "文件上传失败，请重试"]);
  });
});

describe("document upload (§5)", () => {
  it("doc, docx, xls, xlsx, pdf, ppt, pptx", () => {
    for (const e of ["doc", "docx", "xls", "xlsx", "pdf", "ppt", "pptx"]) expect(checkDocument({ name: `a.${e}`, size: 1 })).toBeNull();
    expect(checkDocument({ name: "a.txt", size: 1 })).toBe("请上传正确的文件格式");
    expect(maxFilesMessage(UPLOAD.maxFiles)).toBe("最多只能上传3个文件");
  });
});

describe("chunked size alert (§5)", () => {
  it("5 GB, 1 GB in research mode, bounds included", () => {
    expect(checkBigFileSize(UPLOAD.bigFileMax, false)).toBeNull();
    expect(checkBigFileSize(UPLOAD.bigFileMax + 1, false)).toBe("文件大小限制：5GB，实际文件大小：5 GB");
    expect(checkBigFileSize(5.5 * 1024 ** 3, false)).toBe("文件大小限制：5GB，实际文件大小：5.5 GB");
    expect(checkBigFileSize(1024 ** 3, true)).toBeNull();
    expect(checkBigFileSize(1024 ** 3 + 300 * MB, true)).toBe("文件大小限制：1GB，实际文件大小：1.29 GB");
    expect(checkBigFileSize(2 * 1024 ** 3, false)).toBeNull();
  });
  it("formatBytes", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(12.5 * MB)).toBe("12.5 MB");
  });
});

describe("formatDuration (mm:ss)", () => {
  it("pads, floors and keeps counting minutes", () => {
    expect(formatDuration(0)).toBe("00:00");
    expect(formatDuration(3.9)).toBe("00:03");
    expect(formatDuration(65)).toBe("01:05");
    expect(formatDuration(3600 + 3)).toBe("60:03");
    expect(formatDuration(-5)).toBe("00:00");
    expect(formatDuration(Number.NaN)).toBe("00:00");
  });
});
