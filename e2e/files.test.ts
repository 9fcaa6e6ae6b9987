import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FileListAnswer } from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD, TMP_DIR } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { bigH264Mp4, docx, hevcMp4, tinyPdf } from "../apps/server/test/media-fixtures.js";
import { type BrowserHandle, hasChromium, launchBrowser, signIn, snap } from "./support.js";

/**
 * #5 in the browser: 我的文件 with the chunked uploader (a 40 MB H.264 file reaching 100 %), the codec refusal of
 * an HEVC file, the image limit, 3 s recorded from Chromium's fake microphone arriving as an MP3 of about 3 s, and the
 * preview of a PDF and of a .docx (LibreOffice → pdf.js).
 */

let server: TestServer;
let handle: BrowserHandle;

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  handle = await launchBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
});
afterAll(async () => {
  await handle?.close();
  await server?.close();
});

const login = (page: Page, user: string, password: string) => signIn(page, server.url, user, password);

async function myFiles(): Promise<FileListAnswer> {
  const acct = (await server.services.accounts.byUsername("zhanglaoshi"))!;
  return server.services.files.list(acct.id, { page: 1, limit: 100 });
}

/** Chooses `file` through the uploader's own button (the real file dialog, intercepted). */
async function choose(page: Page, section: string, file: string): Promise<void> {
  const uploader = page.getByTestId(section).getByTestId("chunked-uploader");
  const chooser = page.waitForEvent("filechooser");
  await uploader.getByRole("button").first().click();
  await (await chooser).setFiles(file);
}

describe.skipIf(!hasChromium)("browser: uploads, recording and previews (我的文件)", () => {
  it("uploads a 40 MB H.264 video in slices to 100 %, refuses HEVC, records 3 s of audio, previews a PDF and a .docx", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 960 }, locale: "zh-CN" });
    await context.grantPermissions(["microphone"]);
    const page = await context.newPage();
    await login(page, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/personalCenter/myFiles`);
    await page.getByTestId("my-files-page").waitFor();

    // Every progress figure the widget shows, recorded as it changes (it resets 0.5 s after 100 %).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __progress: number[] }).__progress = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll("[data-testid=chunked-progress] .ant-progress-text")) {
          const v = Number.parseFloat(el.textContent ?? "");
          if (Number.isFinite(v) && seen[seen.length - 1] !== v) seen.push(v);
        }
        for (const el of document.querySelectorAll("[data-testid=chunked-progress] [aria-valuenow]")) {
          const v = Number(el.getAttribute("aria-valuenow"));
          if (Number.isFinite(v) && seen[seen.length - 1] !== v) seen.push(v);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });

    // Without the disclaimer ticked: refused with the spec's words.
    const video = await bigH264Mp4(40);
    await page.getByTestId("my-files-video").getByTestId("chunked-uploader").getByRole("button").first().click();
    await page.getByText("请勾选免责说明！！！").first().waitFor();
    await page.getByTestId("my-files-video").getByTestId("upload-disclaimer").locator("input").check();

    await choose(page, "my-files-video", video);
    await page.getByTestId("my-files-video").getByTestId("chunked-progress").waitFor();
    await snap(page, "50-chunked-uploading");
    await page.getByTestId("my-files-table").getByText(path.basename(video)).waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(Math.max(...seen)).toBe(100);
    // Slices alone never pass 95 %: only the merge brings 100.
    expect(seen.filter((v) => v > 95 && v < 100)).toEqual([]);
    const listed = (await myFiles()).list.find((f) => f.file_name === path.basename(video))!;
    expect(listed.size).toBe(readFileSync(video).length);
    expect(listed.codec).toBe("h264");

    // HEVC: refused in the browser by the MP4 box walk, with the spec's message; nothing reaches the server.
    const before = (await myFiles()).total;
    await choose(page, "my-files-video", await hevcMp4());
    await page.getByText("请上传正确的视频编码格式,H264-MPEG-4 AVC").first().waitFor();
    expect((await myFiles()).total).toBe(before);

    // Record 3 s from the fake microphone.
    await page.getByTestId("my-files-record").click();
    const recorder = page.getByTestId("audio-recorder");
    await recorder.getByRole("button", { name: /开始录音/ }).click();
    await expect.poll(() => recorder.getAttribute("data-state"), { timeout: 20_000 }).toBe("recording");
    // The recorder's own clock (seconds of audio taken) reaches 3 s.
    const clock = async () => {
      const [, mm, ss] = /(\d+):(\d\d)/.exec((await recorder.getByTestId("audio-recorder-time").textContent()) ?? "") ?? [];
      return Number(mm) * 60 + Number(ss);
    };
    await expect.poll(clock, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    await recorder.getByRole("button", { name: /停止/ }).click();
    await expect.poll(async () => (await myFiles()).list.find((f) => f.file_name === "record.mp3")?.duration ?? 0, { timeout: 20_000 }).toBeGreaterThan(2.5);
    const mp3 = (await myFiles()).list.find((f) => f.file_name === "record.mp3")!;
    // The stored MP3 is as long as the recorder listed its recording (whole seconds), however late the stop came.
    const [, mm, ss] = /(\d\d):(\d\d)\s*$/.exec((await page.getByTestId("audio-records").locator("li").last().textContent()) ?? "") ?? [];
    const recorded = Number(mm) * 60 + Number(ss);
    expect(recorded).toBeGreaterThanOrEqual(3);
    expect(mp3.duration).toBeGreaterThanOrEqual(recorded - 0.1);
    expect(mp3.duration).toBeLessThan(recorded + 1.1);
    expect(mp3.file_type).toBe("mp3");
    await page.keyboard.press("Escape");

    // A PDF and a .docx through the 资料 uploader, then previewed.
    const pdfFile = path.join(TMP_DIR, "教学设计.pdf");
    writeFileSync(pdfFile, tinyPdf());
    await page.getByTestId("my-files-any").getByTestId("upload-disclaimer").locator("input").check();
    await choose(page, "my-files-any", pdfFile);
    await page.getByTestId("my-files-table").getByText("教学设计.pdf").waitFor({ timeout: 30_000 });
    await page.getByTestId("my-files-table").getByText("教学设计.pdf").click();
    const viewer = page.getByTestId("pdf-viewer");
    await viewer.locator("canvas").first().waitFor({ timeout: 30_000 });
    expect(await viewer.getAttribute("data-pages")).toBe("1");
    await snap(page, "51-pdf-preview");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("pdf-viewer").count()).toBe(0);

    await choose(page, "my-files-any", await docx());
    await page.getByTestId("my-files-table").getByText("lesson.docx").waitFor({ timeout: 30_000 });
    await page.getByTestId("my-files-table").getByText("lesson.docx").click();
    await page.getByTestId("pdf-viewer").locator("canvas").first().waitFor({ timeout: 90_000 });
    await snap(page, "52-docx-preview");
    await page.locator(".ant-modal-close:visible").first().click();
    await expect.poll(() => page.getByTestId("pdf-viewer").count()).toBe(0);

    await page.getByTestId("my-files-chart").waitFor();
    await snap(page, "53-my-files");
    await context.close();
  });

  it("an image over 5 MB is refused by the image upload with '图片大小不能超过5M'", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
    const page = await context.newPage();
    await login(page, "admin", "Admin12345");
    await page.goto(`${server.url}/#/platform/images`);
    await page.getByTestId("image-page").waitFor();
    await page.getByTestId("image-add").click();
    const big = path.join(TMP_DIR, "big.png");
    // A PNG signature followed by 6 MB: the size check refuses it before anything is sent.
    writeFileSync(big, Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(6 * 1024 * 1024, 7)]));
    // The picker's own input (the add button only clicks it): a chooser event can be missed while the dialog opens.
    await page.getByTestId("image-upload-add").waitFor();
    await page.getByTestId("image-upload-input").setInputFiles(big);
    await page.getByText("图片大小不能超过5M").first().waitFor();
    await snap(page, "54-image-too-large");
    await context.close();
  });
});
