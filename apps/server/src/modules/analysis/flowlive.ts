/**
 * c154 /research/flowlive: the partial S-T analysis of a lesson being recorded now, from the part files the recorder
 * has written so far (`<DATA_DIR>/recordings/<id>/<camera>-<seq>.mp4`, fragmented MP4 readable up to the last
 * fragment). The teacher camera's audio is used (else the student camera's). Answers are cached by recording,
 * interval and the bytes captured, so polling clients share one decode per growth of the files.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { FlowLiveAnswer } from "@yanke/protocol";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { forbidden, notFound } from "../../http/errors.js";
import type { Caller } from "../../http/caller.js";
import { recording, recordingPart } from "../recording/recording.schema.js";
import type { AnalysisAccess } from "./analysis-access.js";
import { type DecodedAudio, assignRoles, decodeAudio, detectSpeech } from "./engine/audio.js";
import { speechSection } from "./engine/speech-stats.js";
import { stMetrics, stSample } from "./engine/st.js";
import { unavailable } from "./pipeline.js";

const NOTHING_YET = "尚未采集到音频（录制开始后稍候再试）";

export class FlowLive {
  private readonly cache = new Map<string, Promise<FlowLiveAnswer>>();

  constructor(private readonly o: { db: Db; access: AnalysisAccess; dataDir: string; ffmpeg: string }) {}

  async answer(c: Caller, recordingId: number, interval: number): Promise<FlowLiveAnswer> {
    const [rec] = await this.o.db.select().from(recording).where(eq(recording.id, recordingId));
    if (!rec) throw notFound("录制不存在或已删除");
    if (rec.account_id !== c.id && !(await this.o.access.manages(c, rec.school_id))) throw forbidden("只有授课教师或管理员可以查看实时分析");
    const parts = await this.o.db
      .select()
      .from(recordingPart)
      .where(eq(recordingPart.recording_id, recordingId))
      .orderBy(asc(recordingPart.camera), asc(recordingPart.seq));
    const teacher = parts.filter((p) => p.camera === "teacher");
    const use = teacher.length ? teacher : parts.filter((p) => p.camera === "student");
    const files: Array<{ file: string; size: number }> = [];
    for (const p of use) {
      const file = path.resolve(this.o.dataDir, p.path);
      const size = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
      if (size > 0) files.push({ file, size });
    }
    const bytes = files.reduce((a, f) => a + f.size, 0);
    if (bytes === 0) return { recording_id: recordingId, captured_seconds: 0, bytes: 0, st: unavailable(NOTHING_YET), speech: unavailable(NOTHING_YET) };
    const key = `${recordingId}:${interval}:${bytes}`;
    let hit = this.cache.get(key);
    if (!hit) {
      for (const k of this.cache.keys()) if (k.startsWith(`${recordingId}:`)) this.cache.delete(k);
      hit = this.analyse(recordingId, interval, files, bytes);
      this.cache.set(key, hit);
      hit.catch(() => this.cache.delete(key));
      if (this.cache.size > 200) this.cache.delete(this.cache.keys().next().value!);
    }
    return hit;
  }

  private async analyse(recordingId: number, interval: number, files: Array<{ file: string }>, bytes: number): Promise<FlowLiveAnswer> {
    const chunks: DecodedAudio[] = [];
    for (const f of files) {
      const a = await decodeAudio(this.o.ffmpeg, f.file).catch(() => null);
      if (a?.pcm.length) chunks.push(a);
    }
    if (!chunks.length) return { recording_id: recordingId, captured_seconds: 0, bytes, st: unavailable(NOTHING_YET), speech: unavailable(NOTHING_YET) };
    const rate = chunks[0]!.sampleRate;
    const pcm = new Float32Array(chunks.reduce((a, c) => a + c.pcm.length, 0));
    let at = 0;
    for (const c of chunks) {
      pcm.set(c.pcm, at);
      at += c.pcm.length;
    }
    const audio: DecodedAudio = { sampleRate: rate, pcm, duration: pcm.length / rate };
    const segments = assignRoles(audio, detectSpeech(audio));
    const duration = audio.duration;
    const samples = stSample(segments, duration, interval);
    const speech = speechSection(segments, duration, "energy", "pitch-loudness");
    return {
      recording_id: recordingId,
      captured_seconds: Math.round(duration * 10) / 10,
      bytes,
      st: samples.length
        ? { available: true, ...stMetrics(samples, interval) }
        : unavailable(`已采集 ${Math.round(duration)} 秒，不足一个采样间隔（${interval} 秒）`),
      speech: { available: true, teacher_ratio: speech.teacher_ratio, student_ratio: speech.student_ratio, silence_ratio: speech.silence_ratio },
    };
  }
}
