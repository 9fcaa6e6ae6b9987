/** Flanders interaction analysis (FIAS) every 3 s where a transcript exists. Pure. OWNER: engine-metrics helper. */
import type { FiasSection, SpeechSegment, TranscriptLine } from "@yanke/protocol";
import { round3 } from "./st.js";
import { sampleCount } from "./st.js";
import { PRAISE_CUES, classifyResponse, isQuestion } from "./talk.js";

/** 1 接受情感 */
export const FEELING_CUES = [
  "别紧张",
  "不要紧张",
  "没关系",
  "不要怕",
  "不用怕",
  "别怕",
  "别着急",
  "不要着急",
  "慢慢说",
  "慢慢来",
  "大胆",
  "我理解",
  "能理解",
  "辛苦了",
  "我知道你",
];
/** 7 批评或维护权威 (discipline); 不对/错了 count only right after a student line (rejecting an answer) */
export const CRITICISM_CUES = [
  "安静",
  "不许",
  "不准",
  "不要讲话",
  "不要说话",
  "别说话",
  "别讲话",
  "坐好",
  "站好",
  "别吵",
  "不要吵",
  "批评",
  "注意纪律",
  "像什么样子",
  "怎么又",
  "严肃",
];
export const REJECT_CUES = ["不对", "错了"];
/** 6 指令 */
export const INSTRUCTION_CUES = [
  "请",
  "大家",
  "打开",
  "拿出",
  "翻到",
  "看黑板",
  "同学们",
  "举手",
  "坐下",
  "起立",
  "读一读",
  "写一写",
  "做一做",
  "算一算",
  "开始",
  "讨论",
  "完成",
  "看这里",
  "跟我读",
];

/**
 * The FIAS category of one transcript line given the line before it (first rule that applies):
 * teacher: 7 discipline words, or 不对/错了 right after a student line; 1 accepts feelings (别紧张/没关系 …);
 * 2 praise (the 理答 praise words); 3 accepts the student's idea (right after a student line and repeating it:
 * 理答 repetition); 4 question (isQuestion); 6 instruction (请/大家/打开/拿出/翻到/看黑板 …); else 5 lecture.
 * student: 8 when the teacher's most recent line was a question (response), else 9 (initiated).
 */
export function lineCode(line: TranscriptLine, prev: TranscriptLine | undefined, lastTeacherWasQuestion: boolean): number {
  const t = line.text;
  const has = (cues: readonly string[]) => cues.some((c) => t.includes(c));
  if (line.role === "S") return lastTeacherWasQuestion ? 8 : 9;
  const afterStudent = prev?.role === "S";
  if (has(CRITICISM_CUES) || (afterStudent && has(REJECT_CUES))) return 7;
  if (has(FEELING_CUES)) return 1;
  if (has(PRAISE_CUES)) return 2;
  if (afterStudent && classifyResponse(t, prev.text) === "repetition") return 3;
  if (isQuestion(t)) return 4;
  if (has(INSTRUCTION_CUES)) return 6;
  return 5;
}

/**
 * One code 1–10 per window [k·interval, (k+1)·interval), k = 0 … ⌊duration / interval⌋ − 1: the code of the
 * transcript line overlapping the window most (ties: the earlier line). A window no line overlaps takes, from the
 * speech segments, 5 when the teacher speaks most of it, the student rule (8 after a teacher question, else 9) when
 * students do, and 10 (silence or confusion) when no one speaks.
 */
export function fiasCode(lines: readonly TranscriptLine[], speech: readonly SpeechSegment[], duration: number, interval = 3): number[] {
  const ls = [...lines].sort((a, b) => a.start - b.start);
  const codes: number[] = [];
  let lastQ = false;
  const lineCodes = ls.map((l, i) => {
    const c = lineCode(l, ls[i - 1], lastQ);
    if (l.role === "T") lastQ = c === 4 || isQuestion(l.text);
    return c;
  });
  // whether the teacher's most recent line before time t was a question
  const lastTeacherQuestionBefore = (t: number) => {
    let q = false;
    for (const l of ls) {
      if (l.start >= t) break;
      if (l.role === "T") q = isQuestion(l.text);
    }
    return q;
  };
  const n = sampleCount(duration, interval);
  for (let k = 0; k < n; k++) {
    const a = k * interval;
    const b = a + interval;
    let best = -1;
    let bestO = 0;
    ls.forEach((l, i) => {
      const o = Math.min(b, l.end) - Math.max(a, l.start);
      if (o > bestO) {
        bestO = o;
        best = i;
      }
    });
    if (best >= 0) {
      codes.push(lineCodes[best]!);
      continue;
    }
    let t = 0;
    let s = 0;
    for (const seg of speech) {
      const o = Math.min(b, seg.end) - Math.max(a, seg.start);
      if (o > 0) {
        if (seg.role === "T") t += o;
        else s += o;
      }
    }
    if (t === 0 && s === 0) codes.push(10);
    else if (t >= s) codes.push(5);
    else codes.push(lastTeacherQuestionBefore(a) ? 8 : 9);
  }
  return codes;
}

/**
 * The 10 × 10 matrix of consecutive pairs (codes[i], codes[i+1]) (row = first, column = second; N − 1 pairs, no
 * framing 10s), counts per category and the ratios (3 decimals) over N codes:
 * teacher_talk = (1–7)/N, student_talk = (8–9)/N, silence = 10/N, indirect_direct = (1–4)/(5–7),
 * positive_negative = (1–3)/(6–7), question_ratio = 4/(4+5), student_initiative = 9/(8+9); a ratio whose divisor
 * is 0 is null. Throws on an empty sequence or a code outside 1–10.
 */
export function fiasMatrix(codes: readonly number[], interval = 3): FiasSection & { available: true } {
  if (codes.length === 0) throw new Error("没有可编码的时间窗口，无法进行弗兰德斯互动分析");
  for (const c of codes) if (!Number.isInteger(c) || c < 1 || c > 10) throw new Error(`弗兰德斯编码只能是 1–10，收到 ${c}`);
  const matrix = Array.from({ length: 10 }, () => new Array<number>(10).fill(0));
  const counts = new Array<number>(10).fill(0);
  codes.forEach((c, i) => {
    counts[c - 1]!++;
    if (i + 1 < codes.length) matrix[c - 1]![codes[i + 1]! - 1]!++;
  });
  const sum = (from: number, to: number) => counts.slice(from - 1, to).reduce((a, b) => a + b, 0);
  const n = codes.length;
  const ratio = (x: number, y: number) => (y === 0 ? null : round3(x / y));
  return {
    available: true,
    interval,
    codes: [...codes],
    matrix,
    counts,
    ratios: {
      teacher_talk: round3(sum(1, 7) / n),
      student_talk: round3(sum(8, 9) / n),
      silence: round3(sum(10, 10) / n),
      indirect_direct: ratio(sum(1, 4), sum(5, 7)),
      positive_negative: ratio(sum(1, 3), sum(6, 7)),
      question_ratio: ratio(sum(4, 4), sum(4, 5)),
      student_initiative: ratio(sum(9, 9), sum(8, 9)),
    },
  };
}
