/**
 * The analysis pipeline (issue #10; docs/analysis-method.md): decode → vad → speaker → transcript → text → vision →
 * scoring → report, each stage timed into a StageRecord, the stage and the progress written to the course row as it
 * goes. A stage that cannot run says so: the sections it feeds are `{ available: false, reason }` — never an empty
 * array or a zero standing in for a result. A stage that crashes throws: the attempt fails (the queue retries) and
 * no partial result is written as done.
 *
 * The engine (engine/*.ts) does the measuring; this file fetches the inputs, calls it in order and stores the result.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline as streamPipeline } from "node:stream/promises";
import {
  ANALYSIS_STAGES,
  type AnalysisResult,
  type AnalysisStage,
  type ScoringSection,
  type Section,
  type SpeechSegment,
  type StageRecord,
  type TranscriptLine,
  type TranscriptSection,
  type Unavailable,
} from "@yanke/protocol";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { LocalObjectStore, type ObjectStore } from "../../infra/storage/index.js";
import { storedFile } from "../file/file.schema.js";
import { probe } from "../file/media.js";
import { lectureIndicator } from "../listen/listen.schema.js";
import { video } from "../video/video.schema.js";
import { analysisContent, analysisCourse } from "./analysis.schema.js";
import { type DecodedAudio, assignRoles, decodeAudio, detectSpeech } from "./engine/audio.js";
import { fiasCode, fiasMatrix } from "./engine/fias.js";
import { type IndicatorNode, scoreLesson } from "./engine/scoring.js";
import { autonomousSpans, speechSection } from "./engine/speech-stats.js";
import { stMetrics, stSample } from "./engine/st.js";
import { analyseTalk } from "./engine/talk.js";
import { TranscriptError, assignLineRoles, parseTranscript } from "./engine/transcript.js";
import { detectSpeechSilero, tryLoadSileroVad } from "./engine/vad-silero.js";
import { analyseFrames } from "./engine/vision.js";

export const NO_AUDIO = "视频没有音轨";
export const NO_TRANSCRIPT = "未导入课堂实录（可上传 SRT/VTT/TXT）";
export const NO_VIDEO_STREAM = "视频没有画面（只有音轨）";
export const NOT_READABLE = "无法读取视频文件（文件损坏或格式不支持）";
/** The platform's default scheme (seeded by listen/indicator.seed.ts). */
export const DEFAULT_SCHEME_NAME = "课堂教学评价量表";

export interface PipelineDeps {
  db: Db;
  store: ObjectStore;
  ffmpeg: string;
  ffprobe: string;
  now?: () => Date;
  /** voice activity: "energy" (default) or "silero" (falls back to energy, with the reason in the stage note) */
  vad?: "energy" | "silero";
}

export const unavailable = (reason: string): Unavailable => ({ available: false, reason });

type Measured = Omit<AnalysisResult, "scoring" | "stages" | "elapsed">;

/** Seconds between sampled frames for the behaviour stage: 2 s, coarser for long lessons (at most ~900 frames). */
export function frameInterval(duration: number): number {
  return Math.max(2, Math.ceil(duration / 900));
}

/** A stored file's local path for the duration of fn (a temp copy when the store is S3). */
export async function withStoredFile<T>(store: ObjectStore, key: string, ext: string, fn: (file: string) => Promise<T>): Promise<T> {
  if (store instanceof LocalObjectStore) return fn(store.file(key));
  const dir = await mkdtemp(path.join(store.tmpDir, "analysis-"));
  const file = path.join(dir, `input.${ext || "bin"}`);
  try {
    await streamPipeline(await store.read(key), createWriteStream(file));
    return await fn(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The evaluation scheme: the given one, else the school's first active root, else the platform's default. */
export async function loadScheme(db: Db, schoolId: number, schemeId?: number): Promise<{ id: number; name: string; tree: IndicatorNode[] } | undefined> {
  let root: { id: number; name: string } | undefined;
  if (schemeId) {
    [root] = await db
      .select({ id: lectureIndicator.id, name: lectureIndicator.name })
      .from(lectureIndicator)
      .where(and(eq(lectureIndicator.id, schemeId), eq(lectureIndicator.level, 1), eq(lectureIndicator.pid, 0)));
    if (!root) return undefined;
  } else {
    if (schoolId) {
      [root] = await db
        .select({ id: lectureIndicator.id, name: lectureIndicator.name })
        .from(lectureIndicator)
        .where(and(eq(lectureIndicator.school_id, schoolId), eq(lectureIndicator.pid, 0), eq(lectureIndicator.level, 1), eq(lectureIndicator.status, 1)))
        .orderBy(asc(lectureIndicator.sort), asc(lectureIndicator.id))
        .limit(1);
    }
    if (!root) {
      [root] = await db
        .select({ id: lectureIndicator.id, name: lectureIndicator.name })
        .from(lectureIndicator)
        .where(and(eq(lectureIndicator.school_id, 0), eq(lectureIndicator.pid, 0), eq(lectureIndicator.level, 1), eq(lectureIndicator.status, 1)))
        .orderBy(sql`case when ${lectureIndicator.name} = ${DEFAULT_SCHEME_NAME} then 0 else 1 end`, asc(lectureIndicator.sort), asc(lectureIndicator.id))
        .limit(1);
    }
    if (!root) return undefined;
  }
  const rows = await db
    .select()
    .from(lectureIndicator)
    .where(and(eq(lectureIndicator.root_id, root.id), eq(lectureIndicator.status, 1)))
    .orderBy(asc(lectureIndicator.sort), asc(lectureIndicator.id));
  const nodes = new Map<number, IndicatorNode>();
  for (const r of rows) {
    if (r.id === root.id) continue;
    nodes.set(r.id, { id: r.id, pid: r.pid, name: r.name, weight: Number(r.weight), max_score: Number(r.max_score), children: [] });
  }
  const top: IndicatorNode[] = [];
  for (const n of nodes.values()) {
    if (n.pid === root.id) top.push(n);
    else nodes.get(n.pid)?.children.push(n);
  }
  return { id: root.id, name: root.name, tree: top };
}

/** The scoring section against a scheme (Unavailable when no scheme exists). */
export async function scoringFor(db: Db, schoolId: number, measured: Measured, schemeId?: number): Promise<Section<ScoringSection>> {
  const scheme = await loadScheme(db, schoolId, schemeId);
  if (!scheme) return unavailable(schemeId ? "评价量表不存在" : "没有可用的评价量表（请在听课指标管理中启用量表）");
  return scoreLesson(scheme.id, scheme.name, scheme.tree, measured);
}

/** The text sections (transcript, talk, FIAS) from transcript lines and the speech section. */
export function textSections(
  lines: readonly TranscriptLine[] | null,
  meta: { source: string; file_name: string } | null,
  speech: AnalysisResult["speech"],
  duration: number,
  transcriptReason = NO_TRANSCRIPT,
): Pick<AnalysisResult, "transcript" | "talk" | "fias"> {
  if (!speech.available)
    return {
      transcript: lines && meta ? { available: true, source: meta.source, file_name: meta.file_name, lines: [...lines] } : unavailable(transcriptReason),
      talk: unavailable(speech.reason),
      fias: unavailable(speech.reason),
    };
  if (!lines || !meta) return { transcript: unavailable(transcriptReason), talk: unavailable(transcriptReason), fias: unavailable(transcriptReason) };
  if (lines.length === 0) {
    const reason = "课堂实录没有内容（所有语句已删除）";
    return { transcript: unavailable(reason), talk: unavailable(reason), fias: unavailable(reason) };
  }
  const transcript: Section<TranscriptSection> = { available: true, source: meta.source, file_name: meta.file_name, lines: [...lines] };
  const talk = analyseTalk(lines, speech.segments);
  // FIAS codes 3-second windows: a lesson shorter than one window has nothing to code.
  const fias: AnalysisResult["fias"] =
    duration >= 3 ? fiasMatrix(fiasCode(lines, speech.segments, duration)) : unavailable("课堂时长不足 3 秒，无法进行互动编码");
  return { transcript, talk, fias };
}

class StageClock {
  readonly stages: StageRecord[] = [];
  private t0 = performance.now();
  constructor(
    private readonly db: Db,
    private readonly courseId: number,
    private readonly now: () => Date,
  ) {}

  /** Marks the stage in hand on the row (stage name, progress, heartbeat). */
  async begin(stage: AnalysisStage): Promise<void> {
    this.t0 = performance.now();
    const i = ANALYSIS_STAGES.indexOf(stage);
    await this.db
      .update(analysisCourse)
      .set({ stage, progress: Math.round((i / ANALYSIS_STAGES.length) * 100), updated_at: this.now() })
      .where(eq(analysisCourse.id, this.courseId));
  }

  end(name: AnalysisStage, status: StageRecord["status"], note: string): void {
    this.stages.push({ name, status, seconds: Math.round((performance.now() - this.t0) / 10) / 100, note });
  }
}

/** Runs every stage of one course (claimed by the queue) and writes the finished result. Throws on failure. */
export async function runPipeline(deps: PipelineDeps, courseId: number, signal?: AbortSignal): Promise<AnalysisResult> {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;
  const started = performance.now();
  const [course] = await db.select().from(analysisCourse).where(eq(analysisCourse.id, courseId));
  if (!course) throw new Error("课堂分析不存在或已删除");
  const [v] = await db.select().from(video).where(eq(video.id, course.video_id));
  if (!v) throw new Error("课堂分析的视频不存在或已删除");
  const [file] = await db.select().from(storedFile).where(eq(storedFile.id, v.file_id));
  if (!file) throw new Error("视频文件不存在或已删除");
  const clock = new StageClock(db, courseId, now);

  const result = await withStoredFile(deps.store, file.storage_key, file.file_type, async (local) => {
    // decode
    await clock.begin("decode");
    const info = await probe(deps.ffprobe, local);
    if (!info?.duration) throw new Error(NOT_READABLE);
    let audio: DecodedAudio | null = null;
    if (info.audioCodec) audio = await decodeAudio(deps.ffmpeg, local, signal);
    const duration = audio?.duration ?? info.duration;
    clock.end(
      "decode",
      "done",
      audio ? `时长 ${duration.toFixed(1)} 秒，已解码为 ${audio.sampleRate} Hz 单声道` : `时长 ${duration.toFixed(1)} 秒；${NO_AUDIO}`,
    );
    signal?.throwIfAborted();

    // vad
    await clock.begin("vad");
    let regions: Array<{ start: number; end: number }> | null = null;
    let vadMethod = "energy";
    if (audio) {
      const silero = deps.vad === "silero" ? await tryLoadSileroVad() : null;
      if (silero?.ok) {
        regions = await detectSpeechSilero(silero.vad, audio, signal);
        vadMethod = "silero";
        clock.end("vad", "done", `检测到 ${regions.length} 段语音（Silero VAD）`);
      } else {
        regions = detectSpeech(audio);
        clock.end("vad", "done", `检测到 ${regions.length} 段语音（能量法${silero ? `；${silero.reason}` : ""}）`);
      }
    } else clock.end("vad", "skipped", NO_AUDIO);

    // speaker
    await clock.begin("speaker");
    let segments: SpeechSegment[] | null = null;
    let speech: AnalysisResult["speech"] = unavailable(NO_AUDIO);
    if (audio && regions) {
      segments = assignRoles(audio, regions);
      speech = speechSection(segments, duration, vadMethod, "pitch-loudness");
      clock.end("speaker", "done", `教师 ${segments.filter((s) => s.role === "T").length} 段，学生 ${segments.filter((s) => s.role === "S").length} 段`);
    } else clock.end("speaker", "skipped", NO_AUDIO);
    audio = null; // the PCM of a 45-minute lesson is large: let it go before the frames
    signal?.throwIfAborted();

    // transcript
    await clock.begin("transcript");
    let lines: TranscriptLine[] | null = null;
    let meta: { source: string; file_name: string } | null = null;
    let transcriptReason = NO_TRANSCRIPT;
    const stored = await db
      .select()
      .from(analysisContent)
      .where(eq(analysisContent.course_id, courseId))
      .orderBy(asc(analysisContent.seq), asc(analysisContent.id));
    const [tfile] = course.transcript_file_id ? await db.select().from(storedFile).where(eq(storedFile.id, course.transcript_file_id)) : [];
    if (course.transcript_file_id && !tfile) transcriptReason = "课堂实录文件不存在或已删除";
    if (tfile && stored.length > 0) {
      // Imported before (and perhaps edited with deleteContent): the stored record is the transcript.
      lines = stored.map((r) => ({ start: r.start, end: r.end, role: r.role === "S" ? "S" : "T", text: r.text }));
      meta = { source: sourceOf(tfile.real_file_name), file_name: tfile.real_file_name };
      clock.end("transcript", "done", `沿用已导入的课堂实录 ${lines.length} 句`);
    } else if (tfile) {
      const text = await withStoredFile(deps.store, tfile.storage_key, tfile.file_type, (p) => readFile(p, "utf8"));
      try {
        const parsed = parseTranscript(text, tfile.real_file_name, duration);
        const withRoles = assignLineRoles(parsed.lines, segments ?? []);
        lines = withRoles.map((l) => ({ start: l.start, end: l.end, role: l.role, text: l.text }));
        meta = { source: parsed.source, file_name: tfile.real_file_name };
        await db.transaction(async (tx) => {
          await tx.delete(analysisContent).where(eq(analysisContent.course_id, courseId));
          for (let i = 0; i < lines!.length; i += 500) {
            await tx
              .insert(analysisContent)
              .values(
                lines!
                  .slice(i, i + 500)
                  .map((l, k) => ({ course_id: courseId, seq: i + k + 1, start: l.start, end: l.end, role: l.role, text: l.text, created_at: now() })),
              );
          }
        });
        clock.end("transcript", "done", `导入课堂实录 ${lines.length} 句（${parsed.source.toUpperCase()}）`);
      } catch (e) {
        if (!(e instanceof TranscriptError)) throw e;
        transcriptReason = `课堂实录无法读取：${e.message}`;
        clock.end("transcript", "skipped", transcriptReason);
      }
    } else clock.end("transcript", "skipped", transcriptReason);

    // text
    await clock.begin("text");
    const text = textSections(lines, meta, speech, duration, transcriptReason);
    const samples = segments ? stSample(segments, duration, course.interval) : [];
    const st: AnalysisResult["st"] = !segments
      ? unavailable(NO_AUDIO)
      : samples.length
        ? { available: true, ...stMetrics(samples, course.interval) }
        : unavailable(`课堂时长不足一个采样间隔（${course.interval} 秒），无法进行 S-T 分析`);
    const autonomous: AnalysisResult["autonomous"] = segments ? autonomousSpans(segments, duration) : unavailable(NO_AUDIO);
    clock.end(
      "text",
      text.talk.available ? "done" : "skipped",
      text.talk.available ? `S-T 采样 ${st.available ? st.n : 0} 个；提问 ${text.talk.questions.length} 个` : text.talk.reason,
    );
    signal?.throwIfAborted();

    // vision
    await clock.begin("vision");
    let behavior: AnalysisResult["behavior"];
    if (!info.videoCodec) behavior = unavailable(NO_VIDEO_STREAM);
    else behavior = await analyseFrames(deps.ffmpeg, local, { interval: frameInterval(duration), duration, signal });
    clock.end("vision", behavior.available ? "done" : "skipped", behavior.available ? `每 ${behavior.interval} 秒取一帧（帧差法）` : behavior.reason);

    // scoring
    await clock.begin("scoring");
    const measured: Measured = { version: 1, duration, speech, st, ...text, autonomous, behavior };
    const scoring = await scoringFor(db, course.school_id, measured);
    clock.end(
      "scoring",
      scoring.available ? "done" : "skipped",
      scoring.available ? `《${scoring.scheme_name}》已评 ${scoring.judged} 项，未能评判 ${scoring.unjudged} 项` : scoring.reason,
    );

    // report
    await clock.begin("report");
    clock.end("report", "done", "报告已生成");
    const out: AnalysisResult = { ...measured, scoring, stages: clock.stages, elapsed: Math.round((performance.now() - started) / 10) / 100 };
    return out;
  });

  signal?.throwIfAborted();
  await db.transaction(async (tx) => {
    await tx
      .update(analysisCourse)
      .set({ status: 2, progress: 100, stage: "", error: "", result, finished_at: now(), updated_at: now() })
      .where(and(eq(analysisCourse.id, courseId), eq(analysisCourse.status, 1)));
    await tx.update(video).set({ analysis_status: "done", updated_at: now() }).where(eq(video.id, course.video_id));
  });
  return result;
}

export function sourceOf(fileName: string): string {
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  return ext === "srt" || ext === "vtt" ? ext : "txt";
}

/**
 * deleteContent: the text sections (transcript, talk, FIAS) and scoring recomputed from the stored record and the
 * stored speech section — no decoding again.
 */
export async function recomputeText(db: Db, courseId: number, now: () => Date = () => new Date()): Promise<AnalysisResult | null> {
  const [course] = await db.select().from(analysisCourse).where(eq(analysisCourse.id, courseId));
  if (!course?.result) return null;
  const prev = course.result;
  const rows = await db
    .select()
    .from(analysisContent)
    .where(eq(analysisContent.course_id, courseId))
    .orderBy(asc(analysisContent.seq), asc(analysisContent.id));
  const lines: TranscriptLine[] = rows.map((r) => ({ start: r.start, end: r.end, role: r.role === "S" ? "S" : "T", text: r.text }));
  const meta = prev.transcript.available ? { source: prev.transcript.source, file_name: prev.transcript.file_name } : null;
  const text = textSections(lines, meta, prev.speech, prev.duration);
  const measured: Measured = {
    version: 1,
    duration: prev.duration,
    speech: prev.speech,
    st: prev.st,
    ...text,
    autonomous: prev.autonomous,
    behavior: prev.behavior,
  };
  const scheme = prev.scoring.available ? prev.scoring.scheme_id : undefined;
  const scoring = await scoringFor(db, course.school_id, measured, scheme).then((s) =>
    s.available || !scheme ? s : scoringFor(db, course.school_id, measured),
  );
  const result: AnalysisResult = { ...measured, scoring, stages: prev.stages, elapsed: prev.elapsed };
  await db.update(analysisCourse).set({ result, updated_at: now() }).where(eq(analysisCourse.id, courseId));
  return result;
}
