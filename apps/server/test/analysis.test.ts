/**
 * The course API of AI lesson analysis (#10; docs/api/research.md) over the real wire: an uploaded lesson (ffmpeg
 * tones: a low "teacher" and a high "student" with pauses, and an SRT) analysed by the real pipeline and queue, then
 * every call — success, the Chinese 400, 403/404 — and who may see and manage (docs/decisions/1000).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import {
  type AnalysisCourseDetail,
  type AnalysisCourseRow,
  CALLS,
  type ContentRow,
  type ContentStatistical,
  type CourseCensusAnswer,
  type CourseReport,
  type CourseReportLite,
  type CourseReportObservation,
  type DialogueClassAnswer,
  type DialogueDepthAnswer,
  type DiscussPage,
  type FileAnswer,
  type FlowLiveAnswer,
  type ObserveCensusAnswer,
  type Page,
  type TrendsBehaviorAnswer,
  type TrendsLidaAnswer,
  type TrendsPoseAnswer,
} from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisContent, analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { recording, recordingPart } from "../src/modules/recording/recording.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { type AKit, hasFfmpeg, startAnalysisKit, toneLesson, toneSrt } from "./analysis-kit.js";

describe.skipIf(!hasFfmpeg)("analysis course API", () => {
  let k: AKit;
  let lesson = "";
  let srt = "";
  let course = 0;
  let bare = 0;

  beforeAll(async () => {
    k = await startAnalysisKit();
    lesson = toneLesson(k.dir);
    srt = toneSrt(k.dir);
  }, 120_000);
  afterAll(async () => {
    await k?.s.close();
  });

  it("c155 /research/local: checks its input, then queues an uploaded lesson that the pipeline analyses", async () => {
    const file = await k.adopt("zhanglaoshi", lesson, "三角形内角和.mp4");
    const tx = await k.adopt("zhanglaoshi", srt, "三角形内角和.srt");
    const text = path.join(k.dir, "notes.txt.bin");
    writeFileSync(text, "not a video at all, just words\n".repeat(20));
    const notVideo = await k.adopt("zhanglaoshi", text, "notes.pdf");
    const other = await k.adopt("lilaoshi", lesson, "李老师的课.mp4");
    await k.refused(CALLS.researchLocal, { file_id: file }, "zhanglaoshi", 400, /课程名称\(name\)/);
    await k.refused(CALLS.researchLocal, { name: "x" }, "zhanglaoshi", 400, /视频文件/);
    await k.refused(CALLS.researchLocal, { file_id: file, name: "x", interval: 3 }, "zhanglaoshi", 400, "采样间隔不能小于 5 秒");
    await k.refused(CALLS.researchLocal, { file_id: other, name: "x" }, "zhanglaoshi", 404, /不是您上传的文件/);
    await k.refused(CALLS.researchLocal, { file_id: notVideo, name: "x" }, "zhanglaoshi", 400, /只能登记视频文件/);
    await k.refused(
      CALLS.researchLocal,
      { file_id: file, name: "x", transcript_file_id: notVideo },
      "zhanglaoshi",
      400,
      "课堂实录文件只能是 .srt、.vtt 或 .txt",
    );
    await k.refused(CALLS.researchLocal, { file_id: file, name: "x", account_id: k.id.zhaolaoshi }, "zhanglaoshi", 403, /所管理学校的教师/);
    await k.refused(CALLS.researchLocal, { file_id: file, name: "x" }, undefined, 1025);

    const row = await k.ok<AnalysisCourseDetail>(
      CALLS.researchLocal,
      { file_id: file, name: "三角形内角和", transcript_file_id: tx, interval: 10 },
      "zhanglaoshi",
    );
    expect([0, 1]).toContain(row.status);
    expect(row).toMatchObject({
      source: "local",
      account_id: k.id.zhanglaoshi,
      creator_id: k.id.zhanglaoshi,
      interval: 10,
      has_transcript: true,
      can_manage: true,
    });
    course = row.id;
    const done = await k.waitDone(course);
    expect(done.error).toBe("");
    expect(done).toMatchObject({ status: 2, status_name: "已完成", progress: 100, stage: "", attempts: 1 });
    expect(done.stages.map((s) => s.name)).toEqual(["decode", "vad", "speaker", "transcript", "text", "vision", "scoring", "report"]);
    expect(done.duration).toBeGreaterThanOrEqual(39);
    // c214 lists analysed videos: the video is marked done.
    const [v] = await k.db.select().from(video).where(eq(video.id, done.video_id));
    expect(v!.analysis_status).toBe("done");
    expect(v!.source).toBe("upload");

    // The same lesson without a transcript.
    const file2 = await k.adopt("zhanglaoshi", lesson, "无实录.mp4");
    bare = (await k.ok<AnalysisCourseDetail>(CALLS.researchLocal, { file_id: file2, name: "无实录的课" }, "zhanglaoshi")).id;
    expect((await k.waitDone(bare)).status).toBe(2);
  });

  it("c136 getCourseReport: every section present; without a transcript the text sections say why", async () => {
    const r = await k.ok<CourseReport>(CALLS.courseReport, { id: course }, "zhanglaoshi");
    const res = r.result!;
    expect(res.version).toBe(1);
    expect(res.speech.available).toBe(true);
    expect(res.st.available).toBe(true);
    if (res.st.available) {
      expect(res.st.interval).toBe(10);
      expect(res.st.n).toBe(Math.floor(res.duration / 10));
      expect(res.st.curve[0]).toEqual([0, 0]);
    }
    expect(res.transcript.available).toBe(true);
    if (res.transcript.available) expect(res.transcript.lines.length).toBe(12);
    expect(res.talk.available).toBe(true);
    if (res.talk.available) expect(res.talk.questions.length).toBe(4);
    expect(res.fias.available).toBe(true);
    expect(res.behavior.available).toBe(true);
    expect(res.scoring.available).toBe(true);
    if (res.scoring.available) expect(res.scoring.scheme_name).toBe("课堂教学评价量表");
    expect(r.st_human).toBeNull();
    expect(r.agreement).toEqual({ st: null, questions: null });

    const b = (await k.ok<CourseReport>(CALLS.courseReport, { id: bare }, "zhanglaoshi")).result!;
    for (const s of [b.transcript, b.talk, b.fias]) expect(s).toEqual({ available: false, reason: "未导入课堂实录（可上传 SRT/VTT/TXT）" });
    expect(b.speech.available && b.st.available).toBe(true);
    const lite = await k.ok<CourseReportLite>(CALLS.courseReportLite, { id: bare }, "zhanglaoshi");
    expect(lite.unavailable).toEqual(["课堂实录", "话语分析", "弗兰德斯互动分析"]);
    expect(lite.question_count).toBeNull();
    expect(lite.teacher_ratio).not.toBeNull();
  });

  it("the report's read calls answer their sections", async () => {
    const obs = await k.ok<CourseReportObservation>(CALLS.courseReportObservation, { id: course }, "zhanglaoshi");
    expect(obs.behavior.available && obs.talk.available && obs.autonomous.available).toBe(true);
    const oc = await k.ok<ObserveCensusAnswer>(CALLS.observeCensus, { id: course }, "zhanglaoshi");
    expect(oc.behavior.available).toBe(true);
    if (oc.behavior.available) {
      expect(oc.behavior.heads_up.available).toBe(false);
      expect(oc.behavior.samples).toBeGreaterThan(0);
    }
    const depth = await k.ok<DialogueDepthAnswer>(CALLS.dialogueDepth, { id: course }, "zhanglaoshi");
    expect(depth.available && depth.questions).toBe(4);
    expect(await k.ok<DialogueDepthAnswer>(CALLS.dialogueDepth, { id: bare }, "zhanglaoshi")).toEqual({
      available: false,
      reason: "未导入课堂实录（可上传 SRT/VTT/TXT）",
    });
    const cls = await k.ok<DialogueClassAnswer>(CALLS.dialogueClass, { id: course }, "zhanglaoshi");
    expect(cls.available && cls.questions.length).toBe(4);
    expect(cls.available && cls.agreement).toBeNull();
    expect((await k.ok<{ available: boolean }>(CALLS.autonomous, { id: course }, "zhanglaoshi")).available).toBe(true);
    const tb = await k.ok<TrendsBehaviorAnswer>(CALLS.trendsBehavior, { id: course }, "zhanglaoshi");
    expect(tb.available && tb.motion.length).toBeGreaterThan(0);
    const tp = await k.ok<TrendsPoseAnswer>(CALLS.trendsPose, { id: course }, "zhanglaoshi");
    expect(tp.available && tp.heads_up.available).toBe(false);
    const tl = await k.ok<TrendsLidaAnswer>(CALLS.trendsLida, { id: course }, "zhanglaoshi");
    expect(tl.available).toBe(true);
    const sc = await k.ok<{ available: boolean; scheme_id: number }>(CALLS.aiScoring, { id: course }, "zhanglaoshi");
    expect(sc.available).toBe(true);
    expect((await k.ok<{ scheme_id: number }>(CALLS.aiScoring, { id: course, scheme_id: sc.scheme_id }, "zhanglaoshi")).scheme_id).toBe(sc.scheme_id);
    await k.refused(CALLS.aiScoring, { id: course, scheme_id: 999999 }, "zhanglaoshi", 404, "评价量表不存在");
    await k.refused(CALLS.aiScoring, { id: 999999 }, "zhanglaoshi", 404, "课堂分析不存在或已删除");
    await k.refused(CALLS.courseReport, { id: "abc" }, "zhanglaoshi", 400);
    await k.refused(CALLS.courseDetail, {}, "zhanglaoshi", 400, /课堂分析编号/);
  });

  it("c138 / c139 / c140: the classroom record, its workbook and statistics", async () => {
    const page = await k.ok<Page<ContentRow>>(CALLS.courseContent, { id: course, limit: 5 }, "zhanglaoshi");
    expect(page.total).toBe(12);
    expect(page.list).toHaveLength(5);
    expect(page.list[0]).toMatchObject({ seq: 1, role: "T", is_question: true });
    const students = await k.ok<Page<ContentRow>>(CALLS.courseContent, { id: course, role: "S" }, "zhanglaoshi");
    expect(students.total).toBe(4);
    expect((await k.ok<Page<ContentRow>>(CALLS.courseContent, { id: course, keyword: "平角" }, "zhanglaoshi")).total).toBe(4);
    await k.refused(CALLS.courseContent, { id: course, role: "X" }, "zhanglaoshi", 400, "角色只能是 T 或 S");
    const x = await k.ok<FileAnswer>(CALLS.exportCourseContent, { id: course }, "zhanglaoshi");
    expect(x.filename).toBe("课堂实录-三角形内角和.xlsx");
    expect(Buffer.from(x.file, "base64").subarray(0, 2).toString()).toBe("PK");
    await k.refused(CALLS.exportCourseContent, { id: bare }, "zhanglaoshi", 404, "未导入课堂实录（可上传 SRT/VTT/TXT）");
    const st = await k.ok<ContentStatistical>(CALLS.contentStatistical, { id: course }, "zhanglaoshi");
    expect(st).toMatchObject({ lines: 12, teacher_lines: 8, student_lines: 4, questions: 4 });
    expect(st.keywords.map((w) => w.word)).toContain("三角形");
    expect(st.keywords.find((w) => w.word === "三角形")!.count).toBe(4);
  });

  it("upStSample: corrections give the human S-T version and the agreement, computed by hand", async () => {
    const before = await k.ok<CourseReport>(CALLS.courseReport, { id: course }, "zhanglaoshi");
    const st = before.result!.st;
    if (!st.available) throw new Error("st unavailable");
    const machine = st.samples;
    const flip = (c: string) => (c === "T" ? "S" : "T");
    const idx = [0, 1, 2];
    const r = await k.ok<CourseReport>(CALLS.upStSample, { id: course, samples: idx.map((i) => ({ index: i, code: flip(machine[i]!) })) }, "zhanglaoshi");
    const human = machine.map((c, i) => (idx.includes(i) ? flip(c) : c));
    expect(r.st_human!.samples).toEqual(human);
    expect(r.st_corrections.map((c) => c.idx)).toEqual(idx);
    expect(r.st_corrections[0]!.account_name).toBe("张老师");
    // By hand: po = agreements / n; pe = Σ p_machine(c) · p_human(c); κ = (po − pe) / (1 − pe).
    const n = machine.length;
    const po = (n - 3) / n;
    const share = (a: string[], c: string) => a.filter((x) => x === c).length / n;
    const pe = ["T", "S"].reduce((a, c) => a + share(machine, c) * share(human, c), 0);
    expect(r.agreement.st!.n).toBe(n);
    expect(r.agreement.st!.agree).toBe(n - 3);
    expect(r.agreement.st!.percent).toBeCloseTo(po * 100, 1);
    if (pe < 1) expect(r.agreement.st!.kappa).toBeCloseTo((po - pe) / (1 - pe), 3);
    // Rt of the human version, by hand.
    expect(r.st_human!.rt).toBeCloseTo(human.filter((c) => c === "T").length / n, 6);
    // Returning a sample to the machine's code removes that correction.
    const back = await k.ok<CourseReport>(CALLS.upStSample, { id: course, samples: [{ index: 2, code: "" }] }, "zhanglaoshi");
    expect(back.st_corrections.map((c) => c.idx)).toEqual([0, 1]);
    expect(back.agreement.st!.agree).toBe(n - 2);
    await k.refused(CALLS.upStSample, { id: course, samples: [{ index: n, code: "T" }] }, "zhanglaoshi", 400, `采样序号 ${n} 超出范围（共 ${n} 个采样点）`);
    await k.refused(CALLS.upStSample, { id: course, samples: [{ index: 0, code: "X" }] }, "zhanglaoshi", 400, "编码只能是 T、S 或空");
    await k.refused(CALLS.upStSample, { id: course, samples: [] }, "zhanglaoshi", 400, "请至少修改一个采样点");
    await k.refused(CALLS.upStSample, { id: course, samples: [{ index: 0, code: "T" }] }, "lilaoshi", 403);
  });

  it("upDialogueClass: question corrections and their agreement", async () => {
    const cls = await k.ok<DialogueClassAnswer>(CALLS.dialogueClass, { id: course }, "zhanglaoshi");
    if (!cls.available) throw new Error("talk unavailable");
    const q0 = cls.machine[0]!;
    const other = q0.kind === "open" ? "closed" : "open";
    const r = await k.ok<CourseReport>(CALLS.upDialogueClass, { id: course, items: [{ index: 0, kind: other }] }, "zhanglaoshi");
    expect(r.questions_human![0]!.kind).toBe(other);
    expect(r.agreement.questions).toMatchObject({ n: 4, agree: 3, percent: 75 });
    const after = await k.ok<DialogueClassAnswer>(CALLS.dialogueClass, { id: course }, "zhanglaoshi");
    expect(after.available && after.questions[0]!.kind).toBe(other);
    expect(after.available && after.machine[0]!.kind).toBe(q0.kind);
    await k.refused(CALLS.upDialogueClass, { id: course, items: [{ index: 9, kind: "open" }] }, "zhanglaoshi", 400, "问题序号 9 超出范围（共 4 个问题）");
    await k.refused(CALLS.upDialogueClass, { id: course, items: [{ index: 0, response: "hug" }] }, "zhanglaoshi", 400, "理答类型不正确");
    await k.refused(
      CALLS.upDialogueClass,
      { id: bare, items: [{ index: 0, kind: "open" }] },
      "zhanglaoshi",
      400,
      "话语分析不可用：未导入课堂实录（可上传 SRT/VTT/TXT）",
    );
  });

  it("c141 deleteContent: the line goes and the text sections are recomputed without decoding", async () => {
    const before = (await k.ok<CourseReport>(CALLS.courseReport, { id: course }, "zhanglaoshi")).result!;
    const stagesBefore = before.stages;
    const [first] = await k.db.select().from(analysisContent).where(eq(analysisContent.course_id, course)).orderBy(analysisContent.seq).limit(1);
    await k.refused(CALLS.deleteContent, { id: first!.id }, "lilaoshi", 403);
    await k.refused(CALLS.deleteContent, { id: 99999999 }, "zhanglaoshi", 404, "课堂实录语句不存在或已删除");
    const r = await k.ok<CourseReport>(CALLS.deleteContent, { id: first!.id }, "zhanglaoshi");
    const res = r.result!;
    expect(res.transcript.available && res.transcript.lines.length).toBe(11);
    expect(res.talk.available && res.talk.questions.length).toBe(3);
    expect(res.stages).toEqual(stagesBefore);
    expect(res.speech).toEqual(before.speech);
    // The correction of question 0 was of the deleted question: it went with it.
    expect(r.question_corrections).toEqual([]);
    expect((await k.ok<ContentStatistical>(CALLS.contentStatistical, { id: course }, "zhanglaoshi")).lines).toBe(11);
  });

  it("c142 discussion: readers list, signed-in viewers post", async () => {
    await k.refused(CALLS.courseDiscussion, { id: course, content: "很好的一节课" }, "lilaoshi", 403);
    const m = await k.ok<{ id: number; content: string }>(CALLS.courseDiscussion, { id: course, content: "提问设计很好" }, "xiaoji");
    expect(m.content).toBe("提问设计很好");
    const list = await k.ok<DiscussPage>(CALLS.courseDiscussion, { id: course }, "zhanglaoshi");
    expect(list.total).toBe(1);
    expect(list.list[0]!.content).toBe("提问设计很好");
    await k.refused(CALLS.courseDiscussion, { id: course, content: "x".repeat(2001) }, "zhanglaoshi", 400, "评论不能超过 2000 个字符");
  });

  it("who may see and manage: other school refused, anonymous reads only published reports", async () => {
    await k.refused(CALLS.courseDetail, { id: course }, "zhaolaoshi", 403, "无权查看该课堂分析");
    await k.refused(CALLS.courseReport, { id: course }, "lilaoshi", 403, "无权查看该课堂分析");
    await k.refused(CALLS.courseReport, { id: course }, undefined, 403, "该课堂分析未公开，请登录后查看");
    await k.refused(CALLS.courseDetail, { id: course }, undefined, 1025);
    // Managers of the school (school, district, platform) see and manage it.
    for (const u of ["xiaoji", "pingtai"] as const) expect((await k.ok<AnalysisCourseDetail>(CALLS.courseDetail, { id: course }, u)).can_manage).toBe(true);
    const all = await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "all" }, "lilaoshi");
    expect(all.list.map((r) => r.id)).not.toContain(course);
    await k.refused(CALLS.courseSetStatus, { id: course, status: 1 }, "lilaoshi", 403);
    await k.refused(CALLS.courseSetStatus, { id: course, status: 2 }, "zhanglaoshi", 400, "只能是 0 或 1");
    const pub = await k.ok<AnalysisCourseDetail>(CALLS.courseSetStatus, { id: course, status: 1 }, "zhanglaoshi");
    expect(pub.publish_status).toBe(1);
    // Published: anyone reads the public report calls; managing and correcting stay with the teacher and managers.
    const anon = await k.ok<CourseReport>(CALLS.courseReport, { id: course });
    expect(anon.course.can_manage).toBe(false);
    expect((await k.ok<CourseReportLite>(CALLS.courseReportLite, { id: course })).id).toBe(course);
    expect((await k.ok<Page<ContentRow>>(CALLS.courseContent, { id: course })).total).toBe(11);
    expect((await k.ok<DiscussPage>(CALLS.courseDiscussion, { id: course })).status).toBe(2);
    await k.refused(CALLS.courseDiscussion, { id: course, content: "匿名" }, undefined, 403, "请登录后评论");
    expect((await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "all" }, "zhaolaoshi")).list.map((r) => r.id)).toContain(course);
    await k.refused(CALLS.upStSample, { id: course, samples: [{ index: 0, code: "T" }] }, "zhaolaoshi", 403, "只有授课教师、上传者或管理员可以修正编码");
    await k.refused(CALLS.courseDelete, { id: course }, "zhaolaoshi", 403);
    await k.refused(CALLS.analysisAgain, { id: course }, "lilaoshi", 403);
    await k.ok(CALLS.courseSetStatus, { id: course, status: 0 }, "xiaoji");
    await k.refused(CALLS.courseReportLite, { id: course }, undefined, 403);
  });

  it("c137 index / c153 census / c135 eliminateMy", async () => {
    const mine = await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "mine" }, "zhanglaoshi");
    expect(mine.list.map((r) => r.id).sort()).toEqual([course, bare].sort());
    const row = mine.list.find((r) => r.id === course)!;
    expect(row).toMatchObject({ name: "三角形内角和", account_name: "张老师", status: 2, source: "local", has_transcript: true });
    expect(row.rt).not.toBeNull();
    expect((await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "mine", name: "无实录" }, "zhanglaoshi")).total).toBe(1);
    expect((await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "all", teacher: "张" }, "xiaoji")).total).toBe(2);
    expect((await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "all", status: 3 }, "xiaoji")).total).toBe(0);
    await k.refused(CALLS.courseIndex, { scope: "any" }, "xiaoji", 400, "范围只能是 mine 或 all");
    await k.refused(CALLS.courseIndex, { start_date: "2026/01/01" }, "xiaoji", 400, "开始日期应为 YYYY-MM-DD");
    const census = await k.ok<CourseCensusAnswer>(CALLS.courseCensus, { scope: "mine" }, "zhanglaoshi");
    expect(census.total).toBe(2);
    expect(census.by_status.find((s) => s.status === 2)!.count).toBe(2);
    expect(census.by_mode.reduce((a, m) => a + m.count, 0)).toBe(2);
    expect(census.by_source).toEqual({ recording: 0, local: 2 });
    await k.refused(CALLS.courseEliminateMy, { id: bare }, "xiaoji", 403, "只有授课教师或上传者可以从我的课例中移除");
    await k.ok(CALLS.courseEliminateMy, { id: bare }, "zhanglaoshi");
    expect((await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "mine" }, "zhanglaoshi")).list.map((r) => r.id)).toEqual([course]);
    expect((await k.ok<Page<AnalysisCourseRow>>(CALLS.courseIndex, { scope: "all" }, "zhanglaoshi")).total).toBe(2);
  });

  it("c150 analysisAgain with a new interval; c146 reUpload drops the transcript", async () => {
    await k.refused(CALLS.analysisAgain, { id: course, interval: 61 }, "zhanglaoshi", 400, "采样间隔不能大于 60 秒");
    const again = await k.ok<AnalysisCourseDetail>(CALLS.analysisAgain, { id: course, interval: 5 }, "zhanglaoshi");
    // Queued (a fast worker may already have claimed it).
    expect(again.interval).toBe(5);
    expect([0, 1, 2]).toContain(again.status);
    const d = await k.waitDone(course);
    expect(d).toMatchObject({ status: 2, attempts: 1 });
    // While a job is queued or running, it is not queued again.
    await k.db.update(analysisCourse).set({ status: 1 }).where(eq(analysisCourse.id, course));
    await k.refused(CALLS.analysisAgain, { id: course }, "zhanglaoshi", 409, "该课堂正在分析中，请等待分析完成");
    await k.refused(CALLS.courseReUpload, { id: course, remove_transcript: 1 }, "zhanglaoshi", 409, "该课堂正在分析中，请等待分析完成");
    await k.db.update(analysisCourse).set({ status: 2 }).where(eq(analysisCourse.id, course));
    const r = await k.ok<CourseReport>(CALLS.courseReport, { id: course }, "zhanglaoshi");
    expect(r.result!.st.available && r.result!.st.interval).toBe(5);
    // The S-T corrections were of 10-second samples: gone. The edited record (11 lines) is kept.
    expect(r.st_corrections).toEqual([]);
    expect(r.result!.transcript.available && r.result!.transcript.lines.length).toBe(11);

    await k.refused(CALLS.courseReUpload, { id: course }, "zhanglaoshi", 400, "请上传视频或课堂实录");
    const re = await k.ok<AnalysisCourseDetail>(CALLS.courseReUpload, { id: course, remove_transcript: 1 }, "zhanglaoshi");
    expect(re.has_transcript).toBe(false);
    await k.waitDone(course);
    const r2 = (await k.ok<CourseReport>(CALLS.courseReport, { id: course }, "zhanglaoshi")).result!;
    expect(r2.transcript).toEqual({ available: false, reason: "未导入课堂实录（可上传 SRT/VTT/TXT）" });
    expect((await k.db.select().from(analysisContent).where(eq(analysisContent.course_id, course))).length).toBe(0);
    // A new video: the course points to it and the old uploaded video goes.
    const oldVideo = r2 && (await k.ok<AnalysisCourseDetail>(CALLS.courseDetail, { id: course }, "zhanglaoshi")).video_id;
    const nf = await k.adopt("zhanglaoshi", lesson, "重新上传.mp4");
    const tx = await k.adopt("zhanglaoshi", srt, "重新上传.srt");
    const re2 = await k.ok<AnalysisCourseDetail>(CALLS.courseReUpload, { id: course, file_id: nf, transcript_file_id: tx }, "zhanglaoshi");
    expect(re2.video_id).not.toBe(oldVideo);
    await k.waitDone(course);
    expect((await k.db.select().from(video).where(eq(video.id, oldVideo))).length).toBe(0);
    const r3 = (await k.ok<CourseReport>(CALLS.courseReport, { id: course }, "zhanglaoshi")).result!;
    expect(r3.transcript.available && r3.transcript.lines.length).toBe(12);
  });

  it("c154 flowlive: the partial S-T of the audio captured so far", async () => {
    await k.refused(CALLS.flowLive, { recording_id: 99999999 }, "zhanglaoshi", 404, "录制不存在或已删除");
    const [rec] = await k.db
      .insert(recording)
      .values({
        equipment_id: 1,
        account_id: k.id.zhanglaoshi!,
        school_id: (await k.ok<AnalysisCourseDetail>(CALLS.courseDetail, { id: course }, "zhanglaoshi")).school_id,
        course_name: "正在上的课",
        start_at: new Date(),
        end_at: new Date(Date.now() + 2700_000),
        record_type: 2,
      } as typeof recording.$inferInsert)
      .returning({ id: recording.id });
    const empty = await k.ok<FlowLiveAnswer>(CALLS.flowLive, { recording_id: rec!.id }, "zhanglaoshi");
    expect(empty.st).toEqual({ available: false, reason: "尚未采集到音频（录制开始后稍候再试）" });
    await k.refused(CALLS.flowLive, { recording_id: rec!.id }, "zhaolaoshi", 403);
    const rel = path.join("recordings", String(rec!.id), "teacher-1.mp4");
    await mkdir(path.join(k.s.config.dataDir, "recordings", String(rec!.id)), { recursive: true });
    writeFileSync(path.join(k.s.config.dataDir, rel), readFileSync(lesson));
    await k.db.insert(recordingPart).values({ recording_id: rec!.id, camera: "teacher", seq: 1, path: rel, started_at: new Date() });
    const live = await k.ok<FlowLiveAnswer>(CALLS.flowLive, { recording_id: rec!.id, interval: 10 }, "zhanglaoshi");
    expect(live.captured_seconds).toBeGreaterThanOrEqual(39);
    expect(live.st.available && live.st.n).toBe(4);
    expect(live.bytes).toBe(readFileSync(lesson).length);
  });

  it("hand-off: an is_ai recording's video, once processed, becomes a course (source recording) and is analysed", async () => {
    const file = await k.adopt("zhanglaoshi", lesson, "录制.mp4");
    const [rec] = await k.db
      .insert(recording)
      .values({
        equipment_id: 1,
        account_id: k.id.zhanglaoshi!,
        school_id: k.who.zhanglaoshi!.school_id,
        course_name: "录制的 AI 课",
        start_at: new Date(),
        end_at: new Date(),
        record_type: 1,
        is_ai: 1,
        state: "done",
        files: { teacher: file },
      } as typeof recording.$inferInsert)
      .returning();
    const videos = k.s.services.media.videos;
    const videoId = await videos.fromRecording(rec!);
    expect((await k.db.select().from(video).where(eq(video.id, videoId)))[0]!.analysis_status).toBe("pending");
    await videos.process(videoId);
    const [c] = await k.db.select().from(analysisCourse).where(eq(analysisCourse.video_id, videoId));
    expect(c).toMatchObject({ source: "recording", recording_id: rec!.id, name: "录制的 AI 课", account_id: k.id.zhanglaoshi });
    expect((await k.waitDone(c!.id)).status).toBe(2);
    expect((await k.db.select().from(video).where(eq(video.id, videoId)))[0]!.analysis_status).toBe("done");
    // Processing again (a retried video job) does not make a second course.
    await videos.process(videoId);
    expect((await k.db.select().from(analysisCourse).where(eq(analysisCourse.video_id, videoId))).length).toBe(1);
    await k.refused(CALLS.researchLocalDelete, { id: c!.id }, "zhanglaoshi", 400, "只能删除上传分析的课例");
    await k.ok(CALLS.courseDelete, { id: c!.id }, "zhanglaoshi");
    // The recording's video stays (My videos), no longer marked for analysis.
    expect((await k.db.select().from(video).where(eq(video.id, videoId)))[0]!.analysis_status).toBe("none");
  });

  it("c134 delete and c156 local/delete", async () => {
    await k.refused(CALLS.courseDelete, { id: course }, "lilaoshi", 403);
    const videoId = (await k.ok<AnalysisCourseDetail>(CALLS.courseDetail, { id: bare }, "zhanglaoshi")).video_id;
    await k.ok(CALLS.researchLocalDelete, { id: bare }, "xiaoji");
    await k.refused(CALLS.courseDetail, { id: bare }, "zhanglaoshi", 404, "课堂分析不存在或已删除");
    expect((await k.db.select().from(video).where(eq(video.id, videoId))).length).toBe(0);
    await k.ok(CALLS.courseDelete, { id: course }, "zhanglaoshi");
    expect((await k.db.select().from(analysisCourse).where(eq(analysisCourse.id, course))).length).toBe(0);
    expect((await k.db.select().from(analysisContent).where(eq(analysisContent.course_id, course))).length).toBe(0);
    await k.refused(CALLS.courseDelete, { id: course }, "zhanglaoshi", 404);
  });
});
