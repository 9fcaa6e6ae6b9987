/**
 * Training programmes (培训; #12; docs/api/training.md) over the real wire: management with scope and the
 * TrainingManage rule, items, publishing, enrolment, honest heartbeats (the wall time caps the watched time), document
 * items marked read after opening, completion with a certificate number, the certificate PDF, the enrolments and their
 * export, and the public c343 list.
 */
import {
  CALLS,
  type FileAnswer,
  type Page,
  type TrainRow,
  type TrainingDetail,
  type TrainingEnrolList,
  type TrainingItemRow,
  type TrainingProgressAnswer,
  type TrainingRow,
  type TrainingStudy,
  type TrainingTeacherRow,
  type TrainingVideoOption,
} from "@yanke/protocol";
import ExcelJS from "exceljs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFile } from "../src/modules/file/file.schema.js";
import { DEMO_TRAINING_TITLE, seedTrainingDemo } from "../src/modules/training/training.demo.js";
import { trainingProgress } from "../src/modules/training/training.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { type Kit, startKit } from "./activity-kit.js";
import { pdfText } from "./pdf-text.js";

let k: Kit;
const P = CALLS;
let vid = 0;
let doc = 0;
let prog: TrainingRow;
let videoItem: TrainingItemRow;
let docItem: TrainingItemRow;

async function insertVideo(user: string, name: string, duration: number): Promise<number> {
  const [v] = await k.db
    .insert(video)
    .values({ name, account_id: k.id[user]!, school_id: k.who[user]!.school_id, source: "upload", file_id: 0, status: "ready", duration })
    .returning({ id: video.id });
  return v!.id;
}

/** Moves the item's last heartbeat `seconds` into the past (the wall time that has "passed" since). */
async function age(itemId: number, user: string, seconds: number): Promise<void> {
  await k.db
    .update(trainingProgress)
    .set({ updated_at: sql`${trainingProgress.updated_at} - make_interval(secs => ${seconds})` })
    .where(and(eq(trainingProgress.item_id, itemId), eq(trainingProgress.account_id, k.id[user]!)));
}

beforeAll(async () => {
  k = await startKit();
  vid = await insertVideo("zhanglaoshi", "《春》第一课时", 120);
  const [f] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/training/${Math.random()}/指南.txt`,
      real_file_name: "观察指南.txt",
      file_type: "txt",
      kind: "text",
      mime: "text/plain",
      size: 100,
      sha256: "x",
      module: "document",
      account_id: k.id.xiaoji!,
    })
    .returning({ id: storedFile.id });
  doc = f!.id;
}, 120_000);

afterAll(async () => {
  await k?.s.close();
});

describe("management", () => {
  it("creates a draft in the creator's school; bad input is a Chinese 400; a teacher is refused; a missing id is 404", async () => {
    prog = await k.ok<TrainingRow>(
      P.trainingSave,
      { title: "测试培训：课堂提问的艺术", hours: 4, pass_ratio: 100, enrol_start: "2020-01-01", enrol_end: "2099-12-31" },
      "xiaoji",
    );
    expect(prog.status).toBe(0);
    expect(prog.status_name).toBe("草稿");
    expect(prog.school_id).toBe(k.who.xiaoji!.school_id);
    expect(prog.hours).toBe(4);
    await k.refused(P.trainingSave, { title: "" }, "xiaoji", 400, /请输入培训名称/);
    await k.refused(P.trainingSave, { title: "x", pass_ratio: 120 }, "xiaoji", 400, /合格比例/);
    await k.refused(P.trainingSave, { title: "x", enrol_start: "2026-05-01", enrol_end: "2026-04-01" }, "xiaoji", 400, "报名截止不能早于报名开始");
    await k.refused(P.trainingSave, { title: "x" }, "zhanglaoshi", 403);
    await k.refused(P.trainingList, {}, "zhanglaoshi", 403);
    await k.refused(P.trainingDetail, { id: 999999 }, "xiaoji", 404, "培训不存在");
    await k.refused(P.trainingUpdate, { id: 999999, title: "y" }, "xiaoji", 404);
  });

  it("updates only the fields sent; lists with filters; another school's administrator is 403", async () => {
    const u = await k.ok<TrainingRow>(P.trainingUpdate, { id: prog.id, hours: 5 }, "xiaoji");
    expect(u.hours).toBe(5);
    expect(u.title).toBe(prog.title);
    expect(u.pass_ratio).toBe(100);
    await k.refused(P.trainingUpdate, { id: prog.id, hours: -1 }, "xiaoji", 400, /学时/);
    const list = await k.ok<Page<TrainingRow>>(P.trainingList, { keyword: "提问的艺术", status: 0 }, "xiaoji");
    expect(list.list.map((r) => r.id)).toEqual([prog.id]);
    expect((await k.ok<Page<TrainingRow>>(P.trainingList, { keyword: "提问的艺术", status: 1 }, "xiaoji")).total).toBe(0);
    // The district administrator above the school manages it; the platform administrator too.
    expect((await k.ok<Page<TrainingRow>>(P.trainingList, { keyword: "提问的艺术" }, "quji")).total).toBe(1);
    expect((await k.ok<TrainingDetail>(P.trainingDetail, { id: prog.id }, "pingtai")).id).toBe(prog.id);
    // A district programme is not the school administrator's.
    const district = await k.ok<TrainingRow>(P.trainingSave, { title: "区级培训（范围测试）" }, "quji");
    expect(district.region_code).toBe(k.who.quji!.region_code);
    expect(district.scope_name).not.toBe("全平台");
    await k.refused(P.trainingDetail, { id: district.id }, "xiaoji", 403);
    await k.refused(P.trainingSave, { title: "x", school_id: 999999 }, "xiaoji", 403);
    await k.ok(P.trainingDelete, { id: district.id }, "quji");
  });

  it("adds a video item (duration from the video) and a document item; sorts; publishing needs an item", async () => {
    await k.refused(P.trainingSetStatus, { id: prog.id, status: 1 }, "xiaoji", 400, "请至少添加一个课程后再发布");
    const opts = await k.ok<Page<TrainingVideoOption>>(P.trainingVideoOptions, { keyword: "春" }, "xiaoji");
    expect(opts.list.map((v) => v.id)).toContain(vid);
    videoItem = await k.ok<TrainingItemRow>(P.trainingItemSave, { training_id: prog.id, item_type: 1, video_id: vid }, "xiaoji");
    expect(videoItem.duration_seconds).toBe(120);
    expect(videoItem.title).toBe("《春》第一课时");
    docItem = await k.ok<TrainingItemRow>(P.trainingItemSave, { training_id: prog.id, item_type: 2, file_id: doc, title: "阅读：观察指南" }, "xiaoji");
    expect(docItem.file_name).toBe("观察指南.txt");
    await k.refused(P.trainingItemSave, { training_id: prog.id, item_type: 3 }, "xiaoji", 400, /课程类型/);
    await k.refused(P.trainingItemSave, { training_id: prog.id, item_type: 1 }, "xiaoji", 400, "请选择视频");
    await k.refused(P.trainingItemSave, { training_id: prog.id, item_type: 1, video_id: 999999 }, "xiaoji", 404, "视频不存在");
    await k.refused(P.trainingItemSave, { training_id: 999999, item_type: 1, video_id: vid }, "xiaoji", 404);
    await k.refused(P.trainingItemSave, { training_id: prog.id, item_type: 1, video_id: vid }, "lilaoshi", 403);
    const extra = await k.ok<TrainingItemRow>(P.trainingItemSave, { training_id: prog.id, item_type: 1, video_id: vid, title: "临时课程" }, "xiaoji");
    const sorted = await k.ok<TrainingItemRow[]>(P.trainingItemSort, { training_id: prog.id, item_ids: [docItem.id, extra.id, videoItem.id] }, "xiaoji");
    expect(sorted.map((i) => i.id)).toEqual([docItem.id, extra.id, videoItem.id]);
    await k.refused(P.trainingItemSort, { training_id: prog.id, item_ids: [docItem.id] }, "xiaoji", 400, /全部课程/);
    const renamed = await k.ok<TrainingItemRow>(P.trainingItemUpdate, { id: extra.id, title: "改名的课程" }, "xiaoji");
    expect(renamed.title).toBe("改名的课程");
    expect(renamed.done_ratio).toBe(90);
    await k.refused(P.trainingItemUpdate, { id: 999999, title: "x" }, "xiaoji", 404);
    await k.ok(P.trainingItemDelete, { id: extra.id }, "xiaoji");
    await k.refused(P.trainingItemDelete, { id: extra.id }, "xiaoji", 404);
    const d = await k.ok<TrainingDetail>(P.trainingDetail, { id: prog.id }, "xiaoji");
    expect(d.items.map((i) => i.id)).toEqual([docItem.id, videoItem.id]);
    expect(d.total_seconds).toBe(120);
    const pub = await k.ok<TrainingRow>(P.trainingSetStatus, { id: prog.id, status: 1 }, "xiaoji");
    expect(pub.status_name).toBe("已发布");
    expect(pub.published_at).not.toBe("");
    await k.refused(P.trainingSetStatus, { id: prog.id, status: 5 }, "xiaoji", 400, /状态只能是/);
    await k.refused(P.trainingSetStatus, { id: prog.id, status: 1 }, "xiaoji", 400, /已是/);
  });
});

describe("teachers", () => {
  it("lists published programmes in scope; enrols idempotently; out of scope is refused", async () => {
    const draft = await k.ok<TrainingRow>(P.trainingSave, { title: "未发布的草稿培训" }, "xiaoji");
    const avail = await k.ok<Page<TrainingTeacherRow>>(P.trainingAvailable, { limit: 50 }, "zhanglaoshi");
    const mine = avail.list.find((r) => r.id === prog.id);
    expect(mine?.me.enrolled).toBe(false);
    expect(mine?.me.can_enrol).toBe(true);
    expect(avail.list.some((r) => r.id === draft.id)).toBe(false);
    await k.refused(P.trainingStudy, { id: draft.id }, "zhanglaoshi", 404);
    const e1 = await k.ok<TrainingTeacherRow>(P.trainingEnrol, { id: prog.id }, "zhanglaoshi");
    expect(e1.me.enrolled).toBe(true);
    expect(e1.enrol_count).toBe(1);
    const e2 = await k.ok<TrainingTeacherRow>(P.trainingEnrol, { id: prog.id }, "zhanglaoshi");
    expect(e2.enrol_count).toBe(1);
    await k.ok(P.trainingEnrol, { id: prog.id }, "lilaoshi");
    await k.refused(P.trainingEnrol, { id: 999999 }, "zhanglaoshi", 404);
    await k.refused(P.trainingEnrol, { id: "abc" }, "zhanglaoshi", 400);
    if (k.who.zhaolaoshi!.school_id !== k.who.xiaoji!.school_id) await k.refused(P.trainingEnrol, { id: prog.id }, "zhaolaoshi", 403);
    const my = await k.ok<Page<TrainingTeacherRow>>(P.trainingMine, {}, "zhanglaoshi");
    expect(my.list.map((r) => r.id)).toContain(prog.id);
    // Items are locked now that teachers enrolled; the programme cannot be deleted.
    await k.refused(P.trainingItemSave, { training_id: prog.id, item_type: 2, file_id: doc }, "xiaoji", 409);
    await k.refused(P.trainingDelete, { id: prog.id }, "xiaoji", 409);
    await k.ok(P.trainingDelete, { id: draft.id }, "xiaoji");
  });

  it("study page: items with my progress and play addresses", async () => {
    const s = await k.ok<TrainingStudy>(P.trainingStudy, { id: prog.id }, "zhanglaoshi");
    const v = s.items.find((i) => i.id === videoItem.id)!;
    expect(v.video?.id).toBe(vid);
    expect(v.my.watched_seconds).toBe(0);
    const d = s.items.find((i) => i.id === docItem.id)!;
    expect(d.file_url).toMatch(/^\/files\/\d+\?exp=/);
    // Not enrolled: no addresses.
    const w = await k.ok<TrainingStudy>(P.trainingStudy, { id: prog.id }, "wanglaoshi");
    expect(w.me.enrolled).toBe(false);
    expect(w.items.every((i) => i.video === null && i.file_url === "")).toBe(true);
    await k.refused(P.trainingStudy, { id: 999999 }, "zhanglaoshi", 404);
  });

  it("a heartbeat cannot inflate the watched time: two heartbeats 1 s apart claiming 60 s count a few seconds", async () => {
    await k.refused(P.trainingProgress, { item_id: videoItem.id, position_seconds: 10, watched_delta: 10 }, "wanglaoshi", 403, "请先报名该培训");
    await k.refused(P.trainingProgress, { item_id: 999999, watched_delta: 1 }, "zhanglaoshi", 404);
    await k.refused(P.trainingProgress, { item_id: videoItem.id, watched_delta: -5 }, "zhanglaoshi", 400, /观看时长不能为负数/);
    const a = await k.ok<TrainingProgressAnswer>(P.trainingProgress, { item_id: videoItem.id, position_seconds: 60, watched_delta: 60 }, "zhanglaoshi");
    await new Promise((r) => setTimeout(r, 1000));
    const b = await k.ok<TrainingProgressAnswer>(P.trainingProgress, { item_id: videoItem.id, position_seconds: 120, watched_delta: 60 }, "zhanglaoshi");
    expect(a.counted).toBeLessThanOrEqual(3);
    expect(b.counted).toBeGreaterThanOrEqual(1);
    expect(b.counted).toBeLessThan(60);
    // At most the wall time between the two (≈ 1 s, a little more on a slow machine) + 3 s of slack each.
    expect(b.item.watched_seconds).toBeLessThanOrEqual(3 + 3 + 3);
    expect(b.item.done).toBe(false);
    expect(b.item.position_seconds).toBe(120);
  });

  it("a video item is done when the watched time reaches its done ratio (90% of 120 s = 108 s), not before", async () => {
    const start = (await k.ok<TrainingStudy>(P.trainingStudy, { id: prog.id }, "zhanglaoshi")).items.find((i) => i.id === videoItem.id)!.my.watched_seconds;
    const toJustBelow = 107 - start;
    await age(videoItem.id, "zhanglaoshi", toJustBelow);
    const below = await k.ok<TrainingProgressAnswer>(
      P.trainingProgress,
      { item_id: videoItem.id, position_seconds: 100, watched_delta: toJustBelow },
      "zhanglaoshi",
    );
    expect(below.item.watched_seconds).toBe(107);
    expect(below.item.done).toBe(false);
    expect(below.me.progress).toBe(0);
    await age(videoItem.id, "zhanglaoshi", 30);
    const done = await k.ok<TrainingProgressAnswer>(P.trainingProgress, { item_id: videoItem.id, position_seconds: 110, watched_delta: 30 }, "zhanglaoshi");
    // Never beyond the duration.
    expect(done.item.watched_seconds).toBe(120);
    expect(done.counted).toBe(13);
    expect(done.item.done).toBe(true);
    expect(done.me.progress).toBe(50);
    expect(done.me.completed_at).toBe("");
  });

  it("a document item is done on 标记为已读 after opening; completion issues a certificate number once; the certificate PDF", async () => {
    await k.refused(P.trainingCertificate, { id: prog.id }, "zhanglaoshi", 403, "尚未完成培训，暂不能下载证书");
    await k.refused(P.trainingCertificate, { id: prog.id }, "wanglaoshi", 403);
    await k.refused(P.trainingCertificate, { id: 999999 }, "zhanglaoshi", 404);
    await k.refused(P.trainingRead, { item_id: docItem.id }, "zhanglaoshi", 400, "请先打开文档阅读后再标记为已读");
    await k.refused(P.trainingRead, { item_id: videoItem.id }, "zhanglaoshi", 400);
    await k.refused(P.trainingRead, { item_id: 999999 }, "zhanglaoshi", 404);
    await k.refused(P.trainingRead, { item_id: docItem.id }, "wanglaoshi", 403);
    const opened = await k.ok<TrainingProgressAnswer>(P.trainingProgress, { item_id: docItem.id }, "zhanglaoshi");
    // The teacher reads the administrator's private document through signed addresses.
    expect(opened.preview?.viewer).toBe("text");
    expect(opened.preview?.preview_url).toMatch(/^\/files\/\d+\?exp=/);
    expect(opened.counted).toBe(0);
    const r = await k.ok<TrainingProgressAnswer>(P.trainingRead, { item_id: docItem.id }, "zhanglaoshi");
    expect(r.item.done).toBe(true);
    expect(r.me.progress).toBe(100);
    expect(r.me.completed_at).not.toBe("");
    expect(r.me.certificate_no).toMatch(/^YK-\d{4}-\d{6}$/);
    const again = await k.ok<TrainingProgressAnswer>(P.trainingRead, { item_id: docItem.id }, "zhanglaoshi");
    expect(again.me.certificate_no).toBe(r.me.certificate_no);
    expect(again.me.completed_at).toBe(r.me.completed_at);

    const cert = await k.ok<FileAnswer>(P.trainingCertificate, { id: prog.id }, "zhanglaoshi");
    expect(cert.mime).toBe("application/pdf");
    expect(cert.filename).toContain(r.me.certificate_no);
    const bytes = Buffer.from(cert.file, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { pages, text } = await pdfText(cert.file);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, "");
    expect(flat).toContain("张老师");
    expect(flat).toContain(prog.title.replace(/\s+/g, ""));
    expect(flat).toContain(r.me.certificate_no);
    expect(flat).toContain("5学时");
  }, 60_000);

  it("managers see the enrolments with progress and stats, and export them as .xlsx", async () => {
    const l = await k.ok<TrainingEnrolList>(P.trainingEnrolList, { id: prog.id }, "xiaoji");
    expect(l.stats).toEqual({ total: 2, completed: 1, in_progress: 0, not_started: 1 });
    const z = l.list.find((r) => r.account_id === k.id.zhanglaoshi)!;
    expect(z.progress).toBe(100);
    expect(z.items_done).toBe(2);
    expect(z.items_required).toBe(2);
    expect(z.watched_seconds).toBe(120);
    expect(z.state_name).toBe("已完成");
    expect(z.certificate_no).toMatch(/^YK-/);
    const only = await k.ok<TrainingEnrolList>(P.trainingEnrolList, { id: prog.id, keyword: "李" }, "xiaoji");
    expect(only.list.map((r) => r.account_id)).toEqual([k.id.lilaoshi]);
    await k.refused(P.trainingEnrolList, { id: prog.id }, "zhanglaoshi", 403);
    await k.refused(P.trainingEnrolList, { id: 999999 }, "xiaoji", 404);
    await k.refused(P.trainingEnrolList, { id: prog.id, state: 7 }, "xiaoji", 400);
    const x = await k.ok<FileAnswer>(P.trainingEnrolExport, { id: prog.id }, "xiaoji");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(x.file, "base64") as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("学员进度")!;
    expect(ws.getRow(1).getCell(1).value).toBe("姓名");
    const rows: string[][] = [];
    ws.eachRow((row, n) => {
      if (n > 1) rows.push([String(row.getCell(1).value), String(row.getCell(4).value), String(row.getCell(10).value ?? "")]);
    });
    expect(rows).toContainEqual(["张老师", "100", z.certificate_no]);
    expect(rows.length).toBe(2);
  });

  it("c343 getTrainList (anonymous): only published programmes, with the home block's fields", async () => {
    const draft = await k.ok<TrainingRow>(P.trainingSave, { title: "首页不应出现的草稿" }, "xiaoji");
    const r = await k.s.call<Page<TrainRow>>(P.njyGetTrainList, { page: 1, limit: 50 });
    expect(r.code).toBe(200);
    const ids = r.data.list.map((t) => t.id);
    expect(ids).toContain(prog.id);
    expect(ids).not.toContain(draft.id);
    const row = r.data.list.find((t) => t.id === prog.id)!;
    expect(row.name).toBe(prog.title);
    expect(row.enrol_count).toBe(2);
    expect(row.hours).toBe(5);
    expect(row.status_name).toBe("已发布");
    const kw = await k.s.call<Page<TrainRow>>(P.njyGetTrainList, { keyword: "不存在的关键词xyz" });
    expect(kw.data.total).toBe(0);
    // Ending a programme takes it off the list.
    await k.ok(P.trainingSetStatus, { id: prog.id, status: 2 }, "xiaoji");
    expect((await k.s.call<Page<TrainRow>>(P.njyGetTrainList, { limit: 50 })).data.list.map((t) => t.id)).not.toContain(prog.id);
    await k.refused(P.trainingProgress, { item_id: videoItem.id, watched_delta: 1 }, "zhanglaoshi", 400, /已结束/);
  });
});

describe("demo", () => {
  it("seeds the published district programme once: 3 items, 张老师 completed with a certificate, 李老师 half-way", async () => {
    const deps = { db: k.db, files: k.s.services.files, videos: k.s.services.media.videos, dataDir: "" };
    await insertVideo("lilaoshi", "《背影》第二课时", 90);
    await seedTrainingDemo(deps);
    await seedTrainingDemo(deps);
    const found = await k.ok<Page<TrainingRow>>(P.trainingList, { keyword: DEMO_TRAINING_TITLE }, "pingtai");
    expect(found.total).toBe(1);
    const t = found.list[0]!;
    expect(t.status).toBe(1);
    expect(t.region_code).toBe(k.who.quji!.region_code);
    expect(t.item_count).toBe(3);
    const l = await k.ok<TrainingEnrolList>(P.trainingEnrolList, { id: t.id }, "quji");
    expect(l.stats).toEqual({ total: 2, completed: 1, in_progress: 1, not_started: 0 });
    const zhang = l.list.find((r) => r.account_id === k.id.zhanglaoshi)!;
    expect(zhang.certificate_no).toMatch(/^YK-\d{4}-\d{6}$/);
    const li = l.list.find((r) => r.account_id === k.id.lilaoshi)!;
    expect(li.progress).toBe(33);
    // The demo teacher can download her certificate and read the guide.
    const cert = await k.ok<FileAnswer>(P.trainingCertificate, { id: t.id }, "zhanglaoshi");
    expect(Buffer.from(cert.file, "base64").subarray(0, 4).toString("latin1")).toBe("%PDF");
    const study = await k.ok<TrainingStudy>(P.trainingStudy, { id: t.id }, "lilaoshi");
    expect(study.items.map((i) => i.item_type)).toEqual([1, 1, 2]);
    const doc = study.items[2]!;
    const opened = await k.ok<TrainingProgressAnswer>(P.trainingProgress, { item_id: doc.id }, "lilaoshi");
    expect(opened.preview?.viewer).toBe("text");
  }, 60_000);
});
