/**
 * #9 精准听评课 in Chromium (NINGXIA): a teacher's generated H.264 video (uploaded and registered over the wire) is the
 * subject of a precise review record with two evaluators. On the review page an evaluator posts a discussion message at
 * a known player time: its mark appears on the timeline at that time (as the wire's c288 says) and clicking it (and the
 * message's time chip) seeks the player there. He scores through the page (the total he sees equals the server's),
 * the second evaluator over the wire; the record's detail page shows the aggregate and the spread per item equal to
 * what c289 courseTeacherScore answers. The community list, the create form and the public list are looked at too.
 */
import { readFileSync } from "node:fs";
import {
  CALLS,
  type CommunityItem,
  type DiscussPage,
  type Envelope,
  type FileRecord,
  type IndicatorListAnswer,
  type ListenDetail,
  type ListenTeacherScoreAnswer,
  type Page as ListPage,
  type ListenRow,
  type SessionInfo,
  type VideoRow,
} from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { h264Mp4, mp3, tinyPdf } from "../apps/server/test/media-fixtures.js";
import { polling } from "../apps/server/test/poll.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, okOf, signIn, snap, upload } from "./support.js";

let server: TestServer;
let handle: BrowserHandle;
let page: Page;
let zhang: SessionInfo;
let li: SessionInfo;
let wang: SessionInfo;
let communityId = 0;
let videoId = 0;
let recordId = 0;
const NAME = "《勾股定理》精准听评课";
const MESSAGE = "这里的追问很好，学生开始自己发现规律。";
const AT = 3.5;

const ok = okOf(() => server);

const { until } = polling({ every: 200 });

async function signInAs(username: string): Promise<void> {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto("about:blank");
  await signIn(page, server.url, username, TEST_TEACHER_PASSWORD);
}

async function look(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator(".ant-message-notice").count(), { timeout: 10_000 }).toBe(0);
  await snap(page, name);
}

const playerTime = () => page.getByTestId("precise-video").evaluate((v: HTMLVideoElement) => v.currentTime);

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA", ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}) });
  zhang = await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
  li = await server.login("lilaoshi", TEST_TEACHER_PASSWORD);
  wang = await server.login("wanglaoshi", TEST_TEACHER_PASSWORD);
  communityId = (
    await ok<CommunityItem>(CALLS.communitySave, { name: "初中数学听评课社区", introduction: "每周一次听评课。", type: 1, level: 1, join_mode: 0 }, zhang.token)
  ).id;
  await ok(CALLS.communityJoin, { community_id: communityId }, li.token);
  await ok(CALLS.communityJoin, { community_id: communityId }, wang.token);

  // The lesson video: a generated 8 s H.264 MP4, uploaded and registered by the teacher.
  const file = await upload(server, zhang.token, await h264Mp4(8, "640x360"), "video", "gougu.mp4");
  videoId = (await ok<VideoRow>(CALLS.myVideoSave, { file_id: file.id, name: "勾股定理 课堂实录" }, zhang.token)).id;
  await until(
    "the video processed",
    () => ok<VideoRow>(CALLS.myVideoRead, { id: videoId }, zhang.token),
    (v) => v.status !== "processing",
    60_000,
  );

  const schemes = await ok<IndicatorListAnswer>(CALLS.indicatorList, { root_id: 0, status: 1 }, zhang.token);
  const scheme = schemes.list[0]!;
  const start = new Date(Date.now() - 3600_000);
  const end = new Date(Date.now() + 86400_000);
  const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
  recordId = (
    await ok<ListenDetail>(
      CALLS.listenSave,
      {
        name: NAME,
        community_id: communityId,
        is_type: 2,
        my_video_id: videoId,
        teacher_account_id: zhang.account_id,
        participation_account_ids: [li.account_id, wang.account_id],
        start_time: fmt(start),
        end_time: fmt(end),
        evaluation_type: 1,
        indicator_id: scheme.id,
        open_model: 1,
      },
      zhang.token,
    )
  ).id;

  handle = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
  const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
  page = await context.newPage();
}, 180_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await snap(page, "listen-failure").catch(() => undefined);
});

afterAll(async () => {
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: 精准听评课 (NINGXIA)", () => {
  it("the community's list shows the record as the wire does, and the create form offers the teacher's video", async () => {
    await signInAs("zhanglaoshi");
    await page.goto(`${server.url}/#/community/listenToReviews?community_id=${communityId}`);
    const card = page.getByTestId("listen-card").filter({ hasText: NAME });
    await card.waitFor();
    const wire = await ok<ListPage<ListenRow>>(CALLS.listenList, { community_id: communityId, page: 1, limit: 12 }, zhang.token);
    expect(await page.getByTestId("listen-card").count()).toBe(wire.list.length);
    expect(await card.getByTestId("listen-type").textContent()).toBe(wire.list.find((r) => r.id === recordId)!.is_type_name);
    await look("listen-community-list");

    await page.getByTestId("listen-create").click();
    await page.getByTestId("listen-form").waitFor();
    await page.getByTestId("listen-form-video").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "勾股定理 课堂实录" }).first().waitFor();
    await page.keyboard.press("Escape");
    await snap(page, "listen-create-form");

    // A 现场听评课 through the form: the refusal without a name, then the record, opened on its detail page.
    await page.getByTestId("listen-form-type").getByText("现场听评课").click();
    await page.locator(".ant-modal-footer .ant-btn-primary").click();
    await page.getByText("请输入听评课名称").waitFor();
    await inputOf(page, "listen-form-name").fill("现场听评课：一元二次方程");
    await page.getByTestId("listen-form-teacher").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "李老师" }).first().click();
    await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
    await page.getByTestId("listen-form-evaluators").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "王老师" }).first().click();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
    await page.locator(".ant-modal-footer .ant-btn-primary").click();
    await page.getByTestId("ListenDetailPage").waitFor();
    const createdId = Number(await page.getByTestId("ListenDetailPage").getAttribute("data-id"));
    const created = await ok<ListenDetail>(CALLS.listenRead, { id: createdId }, zhang.token);
    expect(created.name).toBe("现场听评课：一元二次方程");
    expect(created.is_type).toBe(3);
    expect(created.teacher_account_id).toBe(li.account_id);
    expect(created.participation_account_ids).toEqual([wang.account_id]);
    expect(created.indicator_id).toBeGreaterThan(0);
    expect(await page.getByTestId("listen-title").textContent()).toBe(created.name);
    await page.goto(`${server.url}/#/community/listenToReviews?community_id=${communityId}`);
    await page.getByTestId("listen-card").filter({ hasText: "一元二次方程" }).waitFor();

    await page.getByTestId("listen-tab-stats").click();
    await page.getByTestId("listen-stats").waitFor();
    await snap(page, "listen-community-stats");
  });

  it("a time-stamped comment gets a mark on the timeline; clicking the mark or its chip seeks the player there", async () => {
    await signInAs("lilaoshi");
    await page.goto(`${server.url}/#/foreground2_0/preciseClassroomReview?id=${recordId}`);
    await page.getByTestId("PreciseReviewPage").waitFor();
    const video = page.getByTestId("precise-video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(AT);
    expect(Number(await page.getByTestId("precise-marks").getAttribute("data-duration"))).toBeCloseTo(duration, 1);

    // Put the player at a known time and write the comment there.
    await video.evaluate((v: HTMLVideoElement, t: number) => {
      v.pause();
      v.currentTime = t;
    }, AT);
    await expect.poll(playerTime).toBeCloseTo(AT, 2);
    await inputOf(page, "disc-input").fill(MESSAGE);
    await page.getByTestId("disc-input").press("Enter");
    await page.getByTestId("disc-text").filter({ hasText: MESSAGE }).waitFor();

    const wire = await ok<DiscussPage>(CALLS.listenClassroomDiscussionList, { record_id: recordId, order: "video_time", page: 1, limit: 50 }, li.token);
    const mine = wire.list.find((m) => m.content === MESSAGE)!;
    expect(mine.video_time).toBeCloseTo(AT, 2);

    const mark = page.getByTestId("precise-mark").first();
    await mark.waitFor({ timeout: 10_000 });
    expect(Number(await mark.getAttribute("data-time"))).toBeCloseTo(mine.video_time!, 2);
    // The mark sits at its share of the bar.
    const bar = await page.getByTestId("precise-marks").boundingBox();
    const box = await mark.boundingBox();
    expect((box!.x + box!.width / 2 - bar!.x) / bar!.width).toBeCloseTo(AT / duration, 1);

    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 0;
    });
    await expect.poll(playerTime).toBeCloseTo(0, 2);
    await mark.click();
    await expect.poll(playerTime).toBeCloseTo(AT, 1);

    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 7;
    });
    await expect.poll(playerTime).toBeCloseTo(7, 1);
    await page.getByTestId("disc-item").filter({ hasText: MESSAGE }).getByTestId("disc-seek").click();
    await expect.poll(playerTime).toBeCloseTo(AT, 1);
    await look("listen-precise-review");

    // A voice comment recorded at 6 s (over the wire: the recorder's MP3, then c277) gets a green mark that seeks too.
    const fd = new FormData();
    fd.append("audio", new Blob([readFileSync(await mp3(2))]), "blob");
    const up = (await (
      await fetch(`${server.url}${CALLS.fileAudioUpload}`, { method: "POST", body: fd, headers: { TOKEN: li.token } })
    ).json()) as Envelope<FileRecord>;
    expect(up.code, up.msg).toBe(200);
    await ok(CALLS.listenAddEvaluateVoice, { record_id: recordId, file_id: up.data.id, duration: 2, video_time: 6 }, li.token);
    const voiceMark = page.getByTestId("precise-voice-mark");
    await voiceMark.waitFor({ timeout: 15_000 });
    expect(Number(await voiceMark.getAttribute("data-time"))).toBe(6);
    await voiceMark.click();
    await expect.poll(playerTime).toBeCloseTo(6, 1);
    await page.getByTestId("precise-tab-voice").click();
    await page.getByTestId("listen-voice").first().waitFor();
    await snap(page, "listen-precise-voices");
    await page.getByTestId("precise-tab-discuss").click();
    await mark.click();
    await expect.poll(playerTime).toBeCloseTo(AT, 1);
  });

  it("two evaluators score (one on the page, one over the wire); the detail shows the aggregate and the spread of c289", async () => {
    // lilaoshi on the review page's scoring tab.
    await page.getByTestId("precise-tab-score").click();
    await page.getByTestId("score-form").waitFor();
    const items = page.getByTestId("score-item");
    const n = await items.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const input = items.nth(i).locator("input.ant-input-number-input");
      await input.fill(String(6 + (i % 4)));
      await input.press("Tab");
    }
    const shown = Number(await page.getByTestId("score-total").textContent());
    await page.getByTestId("score-submit").click();
    await page.getByText("评分已提交").waitFor();
    const detail = await until(
      "the evaluation saved",
      () => ok<ListenDetail>(CALLS.listenRead, { id: recordId }, li.token),
      (d) => d.my_evaluation?.status === 1,
    );
    // The total the page computed as he typed is the server's.
    expect(detail.my_evaluation!.total_score).toBeCloseTo(shown, 2);
    expect(detail.my_evaluation!.scores.length).toBe(n);
    await page.getByTestId("score-server-total").waitFor();
    // Saving refetched the record (its video address is signed afresh): the player stayed where it was.
    await page.getByTestId("score-submit").filter({ hasText: "更新评分" }).waitFor();
    expect(await playerTime()).toBeCloseTo(AT, 1);
    expect(await page.getByTestId("precise-video").evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await snap(page, "listen-precise-score");

    // The evaluator's own page (/review) shows his submitted evaluation.
    await page.goto(`${server.url}/#/review?id=${recordId}`);
    await page.getByTestId("ReviewPage").waitFor();
    expect(await page.getByTestId("score-status").textContent()).toBe("已提交");
    expect(Number(await page.getByTestId("score-total").textContent())).toBeCloseTo(detail.my_evaluation!.total_score, 2);
    await look("listen-review");

    // wanglaoshi over the wire: 5 on every item.
    const scheme = detail.scheme!;
    const itemIds = scheme.children.flatMap((d) => d.children.map((c) => c.id));
    await ok(
      CALLS.listenRecordSave,
      { record_id: recordId, status: 1, comment: "整体流畅。", scores: itemIds.map((id) => ({ indicator_id: id, score: 5 })) },
      wang.token,
    );

    const agg = await ok<ListenTeacherScoreAnswer>(CALLS.listenCourseTeacherScore, { record_id: recordId }, zhang.token);
    expect(agg.total.count).toBe(2);

    await signInAs("zhanglaoshi");
    await page.goto(`${server.url}/#/addTPKDetail?id=${recordId}`);
    await page.getByTestId("ListenDetailPage").waitFor();
    await page.getByTestId("listen-spread-chart").waitFor();
    const num = async (id: string) => Number(await page.getByTestId(id).textContent());
    expect(await num("listen-agg-count")).toBe(agg.total.count);
    expect(await num("listen-agg-average")).toBeCloseTo(agg.total.mean!, 2);
    expect(await num("listen-agg-min")).toBeCloseTo(agg.total.min!, 2);
    expect(await num("listen-agg-max")).toBeCloseTo(agg.total.max!, 2);
    const table = page.getByTestId("listen-spread-table");
    const nums = async (id: string) => (await table.getByTestId(id).allTextContents()).map(Number);
    expect(await nums("spread-mean")).toEqual(agg.items.map((i) => i.score.mean));
    expect(await nums("spread-min")).toEqual(agg.items.map((i) => i.score.min));
    expect(await nums("spread-max")).toEqual(agg.items.map((i) => i.score.max));
    // The spread is real: the evaluators differ on items where lilaoshi gave more than 5.
    expect(agg.items.some((i) => (i.score.max ?? 0) > (i.score.min ?? 0))).toBe(true);
    await look("listen-detail");
    // An evaluation file uploaded on the detail page is listed as c273 lists it.
    await page.getByTestId("listen-tab-files").click();
    await page.getByTestId("listen-files").waitFor();
    await page
      .getByTestId("listen-files")
      .getByTestId("file-upload-input")
      .setInputFiles({ name: "评课记录表.pdf", mimeType: "application/pdf", buffer: tinyPdf("listen notes") });
    await page.getByTestId("listen-files").getByText("评课记录表.pdf").waitFor({ timeout: 15_000 });
    const files = await ok<ListPage<{ file_name: string; account_name: string }>>(
      CALLS.listenEvaluateFileList,
      { record_id: recordId, page: 1, limit: 50 },
      zhang.token,
    );
    expect(files.list.map((f) => f.file_name)).toEqual(["评课记录表.pdf"]);
    await look("listen-detail-files");

    // The public list of the space, anonymously.
    await page.evaluate(() => localStorage.clear());
    await page.goto("about:blank");
    await page.goto(`${server.url}/#/blog/listenToReviews?community_id=${communityId}`);
    await page.getByTestId("BlogListenPage").waitFor();
    await page.getByTestId("listen-card").filter({ hasText: NAME }).waitFor();
    await look("listen-blog-list");
  });
});
