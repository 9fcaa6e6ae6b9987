import { describe, expect, it } from "vitest";
import { NETWORK_CODE, UploadError, postMultipart, toFormData, unwrapEnvelope, xhrMultipart } from "./multipart";

describe("unwrapEnvelope", () => {
  it("200 → data; other codes → UploadError with the server's msg (or the code's default)", () => {
    expect(unwrapEnvelope({ code: 200, msg: "ok", data: { id: 1 } })).toEqual({ id: 1 });
    expect(() => unwrapEnvelope({ code: 413, msg: "存储空间不足" })).toThrow("存储空间不足");
    try {
      unwrapEnvelope({ code: 400, msg: "" });
    } catch (e) {
      expect(e).toBeInstanceOf(UploadError);
      expect((e as UploadError).code).toBe(400);
      expect((e as UploadError).message).toBe("请求参数错误");
    }
    expect(() => unwrapEnvelope("<html>")).toThrow("请联系管理员！！！");
    expect(new UploadError(1025, "x").sessionEnded).toBe(true);
  });
});

describe("postMultipart", () => {
  it("sends multipart with the TOKEN header and resolves data", async () => {
    let seen: { url: string; headers: Record<string, string>; form: FormData } | null = null;
    const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
      seen = { url: String(url), headers: init!.headers as Record<string, string>, form: init!.body as FormData };
      return new Response(JSON.stringify({ code: 200, msg: "ok", data: { file_path: "/files/3" } }));
    };
    const data = await postMultipart<{ file_path: string }>(
      "/file/upload",
      { module: "connectivity", account_id: 5, skip: undefined, file: { blob: new Blob(["x"]), filename: "课堂.mp4" } },
      { token: "t", fetch },
    );
    expect(data.file_path).toBe("/files/3");
    expect(seen!.url).toBe("/file/upload");
    expect(seen!.headers).toEqual({ TOKEN: "t" });
    expect(seen!.form.get("module")).toBe("connectivity");
    expect(seen!.form.get("account_id")).toBe("5");
    expect(seen!.form.has("skip")).toBe(false);
    expect((seen!.form.get("file") as File).name).toBe("课堂.mp4");
  });

  it("network failure and non-JSON answers → NETWORK_CODE", async () => {
    await expect(postMultipart("/x", {}, { fetch: async () => Promise.reject(new TypeError("down")) })).rejects.toMatchObject({ code: NETWORK_CODE });
    await expect(postMultipart("/x", {}, { fetch: async () => new Response("Bad Gateway", { status: 502 }) })).rejects.toMatchObject({ code: NETWORK_CODE });
  });

  it("toFormData skips null and undefined", () => {
    const f = toFormData({ a: 1, b: null, c: undefined, d: true });
    expect([...f.keys()]).toEqual(["a", "d"]);
  });
});

/** Enough of XMLHttpRequest for xhrMultipart. */
class FakeXhr {
  static last: FakeXhr | null = null;
  headers: Record<string, string> = {};
  method = "";
  url = "";
  body: unknown = null;
  responseText = "";
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe("xhrMultipart", () => {
  it("reports upload progress and resolves the envelope's data", async () => {
    const progress: number[] = [];
    const p = xhrMultipart<{ id: number }>(
      "/file/upload",
      { module: "image" },
      { token: "tk", onProgress: (n) => progress.push(n), xhr: () => new FakeXhr() as unknown as XMLHttpRequest },
    );
    const x = FakeXhr.last!;
    expect(x.headers.TOKEN).toBe("tk");
    x.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent);
    x.upload.onprogress!({ lengthComputable: true, loaded: 200, total: 200 } as ProgressEvent);
    x.responseText = JSON.stringify({ code: 200, msg: "ok", data: { id: 9 } });
    x.onload!();
    expect(await p).toEqual({ id: 9 });
    expect(progress).toEqual([25, 100]);
  });

  it("a refusal rejects with the server's msg; abort rejects as aborted", async () => {
    const p = xhrMultipart("/file/upload", {}, { xhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    FakeXhr.last!.responseText = JSON.stringify({ code: 400, msg: "文件类型不符" });
    FakeXhr.last!.onload!();
    await expect(p).rejects.toMatchObject({ code: 400, message: "文件类型不符" });
    const ac = new AbortController();
    const q = xhrMultipart("/file/upload", {}, { signal: ac.signal, xhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    ac.abort();
    await expect(q).rejects.toMatchObject({ aborted: true });
  });
});
