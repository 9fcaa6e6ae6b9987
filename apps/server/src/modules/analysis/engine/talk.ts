/** Talk analysis: questions, 理答, dialogue depth, speech rate (docs/analysis-method.md §Talk). Pure. OWNER: engine-metrics helper. */
import type { DialogueChain, LidaKind, QuestionItem, QuestionKind, SpeechSegment, TalkSection, TranscriptLine } from "@yanke/protocol";
import { round3 } from "./st.js";
import { spanTotal, unionSpans } from "./speech-stats.js";
import { speechChars } from "./transcript.js";

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Trailing punctuation, quotes and brackets that do not change what a sentence ends with. */
const TRAIL = /[\s"'“”‘’」』）)】\]…~～]+$/u;

/**
 * Interrogative words that make a sentence a question wherever they stand, with the statement uses they exclude
 * (什么都/没什么, 谁都, 怎么也, 几乎/十几, 或多或少 …).
 */
export const INTERROGATIVES: ReadonlyArray<{ word: string; re: RegExp }> = [
  { word: "为什么", re: /为什么|为何/ },
  { word: "怎么", re: /(?<!不)怎么(?![也都])/ },
  { word: "怎样", re: /怎样/ },
  { word: "如何", re: /如何/ },
  { word: "哪些/哪个/哪里", re: /哪[些个里儿种位一条句]/ },
  { word: "什么", re: /(?<![没不])什么(?![都也])/ },
  { word: "谁", re: /谁(?![都也])/ },
  { word: "几", re: /(?<![这那好十前后零])几(?=[个种点次岁天年位条只本块页组号倍分遍步段句行名]|[？?。，,！!]|$)/ },
  { word: "多少", re: /(?<![或多])多少(?![有些])/ },
  { word: "是不是/是否", re: /是不是|是否/ },
  { word: "V了没有", re: /了没有?$/ },
  { word: "A不A", re: /能不能|对不对|会不会|有没有|可不可以|好不好|行不行|要不要|是不是|懂不懂|明白不明白|同意不同意/ },
];

/**
 * A line is a question when it ends in ？/? (trailing quotes and spaces ignored); or ends in 吗 (also before 。/！,
 * which speech recognition often puts there); or ends in 呢/吧 not followed by 。/！ (他在睡觉呢。/我们开始吧。 are
 * statements); or uses an interrogative word (INTERROGATIVES) outside its statement uses.
 */
export function isQuestion(text: string): boolean {
  const t = text.replace(TRAIL, "");
  if (t === "" || speechChars(t) === 0) return false;
  if (/[？?]$/.test(t)) return true;
  if (/吗[。！!.]*$/.test(t)) return true;
  if (/[呢吧]$/.test(t)) return true;
  if (SOLICITATION.test(t)) return true;
  if (EMBEDDED_INTERROGATIVE.test(t) && /[。！!.]$/.test(t)) return false;
  return INTERROGATIVES.some((w) => w.re.test(t));
}

/**
 * An invitation to answer without a question mark counts as a question (请你来说一说你的想法。/ 哪位同学来回答。):
 * the teacher asks the class to respond, as FIAS category 4 does.
 */
export const SOLICITATION = /(请|哪位同学|哪个同学|谁)[^。！!？?，,]{0,6}(说一说|说说|谈一谈|谈谈|讲一讲|讲讲|来回答|回答一下|来说)/;

/**
 * An interrogative word inside a statement that ends in 。/！ — a clause named, not asked (这就是为什么分母不变的原因。/
 * 我知道怎么做了。/ 不管什么题都要检查。): not a question.
 */
export const EMBEDDED_INTERROGATIVE =
  /(就是|这是|那是|知道|明白|懂得|记得|不管|无论|不论|看看|想想看)[^。！!？?，,]{0,4}(为什么|为何|怎么|怎样|如何|什么|谁|哪)/;

/** Strong open cues: they ask for reasons, methods, opinions, descriptions. */
export const OPEN_CUES = [
  "为什么",
  "为何",
  "怎么",
  "怎样",
  "如何",
  "有什么",
  "有哪些",
  "说说",
  "谈谈",
  "说一说",
  "谈一谈",
  "什么原因",
  "理由",
  "看法",
  "想法",
  "感受",
  "体会",
  "发现了什么",
  "有何",
  "区别",
  "不同",
  "还有呢",
  "还有别的",
  "还有其他",
  "还有什么",
];
/** Weak open cues: open unless a closed (yes/no, choose) cue is also there (你觉得对不对 is closed). */
export const WEAK_OPEN_CUES = ["你认为", "你觉得", "你们认为", "你们觉得", "大家认为", "大家觉得", "想一想", "想想"];
/** Closed cues: yes/no, choose, fill in a number or a name. */
export const CLOSED_CUES = [
  "是不是",
  "对不对",
  "是否",
  "能不能",
  "会不会",
  "有没有",
  "好不好",
  "行不行",
  "懂不懂",
  "吗",
  "几",
  "多少",
  "哪个",
  "哪一个",
  "谁",
  "是什么",
  "等于",
];

/**
 * open: a strong open cue (OPEN_CUES), or a weak one (WEAK_OPEN_CUES) without a closed cue; closed: everything else
 * (yes/no, choose, fill-in: CLOSED_CUES, and questions with no cue at all).
 */
export function classifyQuestion(text: string): QuestionKind {
  if (OPEN_CUES.some((c) => text.includes(c))) return "open";
  if (WEAK_OPEN_CUES.some((c) => text.includes(c)) && !CLOSED_CUES.some((c) => text.includes(c))) return "open";
  return "closed";
}

export const PRAISE_CUES = [
  "很好",
  "真棒",
  "不错",
  "对了",
  "正确",
  "非常好",
  "太棒了",
  "很棒",
  "好极了",
  "真好",
  "说得好",
  "说得对",
  "答得好",
  "回答得",
  "有道理",
  "了不起",
  "掌声",
  "真聪明",
  "你真",
  "完全对",
  "很准确",
];
export const CORRECTION_CUES = ["不对", "错了", "不是", "再想想", "再想一想", "注意", "不正确", "不准确", "不完全", "有问题", "不太对", "不够准确"];
export const FOLLOW_UP_CUES = [
  "还有呢",
  "还有吗",
  "还有没有",
  "为什么",
  "你是怎么想的",
  "怎么想的",
  "怎么知道",
  "怎么得到",
  "理由",
  "依据",
  "具体",
  "再说说",
  "说说看",
  "能说说",
  "举个例子",
  "然后呢",
  "接着呢",
];

/** Characters that carry content: letters (汉字) and digits. */
const contentChars = (s: string) => s.match(/[\p{L}\p{N}]/gu) ?? [];

/** Share of the answer's characters that the teacher's text repeats (multiset overlap / answer characters). */
export function repeatedShare(teacherText: string, studentAnswer: string): number {
  const answer = contentChars(studentAnswer);
  if (answer.length === 0) return 0;
  const pool = new Map<string, number>();
  for (const c of contentChars(teacherText)) pool.set(c, (pool.get(c) ?? 0) + 1);
  let hit = 0;
  for (const c of answer) {
    const k = pool.get(c) ?? 0;
    if (k > 0) {
      hit++;
      pool.set(c, k - 1);
    }
  }
  return hit / answer.length;
}

/** The teacher's text contains two consecutive content characters of the answer (it takes up the answer). */
function sharesBigram(teacherText: string, studentAnswer: string): boolean {
  const a = contentChars(studentAnswer);
  const t = contentChars(teacherText).join("");
  for (let i = 0; i + 1 < a.length; i++) if (t.includes(a[i]! + a[i + 1]!)) return true;
  return false;
}

const has = (text: string, cues: readonly string[]) => cues.some((c) => text.includes(c));

/**
 * The teacher's response to a student's answer, first rule that applies:
 * 1. correction: a correction cue (不对/错了/不是/再想想/注意 …; 是不是 and 对不对 do not count);
 * 2. follow_up: the teacher asks a question (isQuestion) that has a follow-up cue (还有呢/为什么/你是怎么想的 …, or it starts with 那)
 *    or takes up the answer (two consecutive characters of it);
 * 3. praise: a praise cue (很好/真棒/不错/对了/正确/非常好 …);
 * 4. repetition: the teacher repeats ≥ 60 % of the answer's characters (REPEAT_SHARE);
 * 5. none.
 */
export function classifyResponse(teacherText: string, studentAnswer: string): LidaKind {
  const t = teacherText.replace(/是不是|对不对|是否/g, "");
  if (has(t, CORRECTION_CUES)) return "correction";
  if (isQuestion(teacherText) && (has(teacherText, FOLLOW_UP_CUES) || /^那/.test(teacherText.trim()) || sharesBigram(teacherText, studentAnswer)))
    return "follow_up";
  if (has(teacherText, PRAISE_CUES)) return "praise";
  if (contentChars(studentAnswer).length >= 2 && repeatedShare(teacherText, studentAnswer) >= REPEAT_SHARE) return "repetition";
  return "none";
}

/** Share of the answer's characters the teacher must repeat for 重复 (repetition). */
export const REPEAT_SHARE = 0.6;

/**
 * Everything of the talk section from the transcript lines (and the speech segments for speaking time).
 * - chars: letters and digits per role; rate = chars per minute of the role's speaking time, taken from the speech
 *   segments (merged, teacher wins on overlap) or, when there are none for that role, from the lines' own times.
 * - questions: teacher lines that are questions (isQuestion), in order, index from 0.
 *   wait = next line's start − the question's end (≥ 0; null when no line follows).
 *   answered = a student line comes after it and before the teacher's next question.
 *   response = classifyResponse(first teacher line after the answer's student lines, the answer) or "none" when the
 *   lesson ends first; null when unanswered.
 * - chains: an answered question starts a chain (depth 1); the chain continues while the teacher's next question comes
 *   right after the answer (only teacher lines between) and is a follow-up of that answer (classifyResponse gives
 *   follow_up) and is answered itself. Each question's depth is its chain's depth (0 when unanswered).
 * - open_ratio = open / questions (0 when there is no question); avg_wait over answered questions (null when none);
 *   max_depth and mean_depth over chains (0 when there is no chain).
 */
export function analyseTalk(lines: readonly TranscriptLine[], speech: readonly SpeechSegment[]): TalkSection & { available: true } {
  const ls = [...lines].sort((a, b) => a.start - b.start);
  let teacher_chars = 0;
  let student_chars = 0;
  for (const l of ls) {
    if (l.role === "T") teacher_chars += speechChars(l.text);
    else student_chars += speechChars(l.text);
  }
  const end = Math.max(0, ...ls.map((l) => l.end), ...speech.map((s) => s.end));
  const tSpans = unionSpans(
    speech.filter((s) => s.role === "T"),
    end,
  );
  const sSpans = unionSpans(
    speech.filter((s) => s.role === "S"),
    end,
  );
  const lineSeconds = (role: "T" | "S") =>
    spanTotal(
      unionSpans(
        ls.filter((l) => l.role === role),
        end,
      ),
    );
  const tSec = tSpans.length > 0 ? spanTotal(tSpans) : lineSeconds("T");
  // the student's time excludes teacher overlap like speechSection does
  const sSec = sSpans.length > 0 ? Math.max(0, spanTotal(sSpans) - overlap(tSpans, sSpans)) : lineSeconds("S");
  const rate = (chars: number, sec: number) => (sec > 0 ? round1(chars / (sec / 60)) : 0);

  const qLineIdx = ls.map((l, i) => (l.role === "T" && isQuestion(l.text) ? i : -1)).filter((i) => i >= 0);
  const questions: QuestionItem[] = [];
  /** per question: index of the first line after its answer, and the answer text */
  const after: Array<{ next: number; answer: string } | null> = [];
  qLineIdx.forEach((li, qi) => {
    const q = ls[li]!;
    const nextQ = qLineIdx[qi + 1] ?? ls.length;
    let k = li + 1;
    while (k < nextQ && ls[k]!.role !== "S") k++;
    const answered = k < nextQ;
    let response: LidaKind | null = null;
    let info: { next: number; answer: string } | null = null;
    if (answered) {
      let m = k;
      const parts: string[] = [];
      while (m < ls.length && ls[m]!.role === "S") parts.push(ls[m++]!.text);
      const answer = parts.join("");
      info = { next: m, answer };
      response = m < ls.length ? classifyResponse(ls[m]!.text, answer) : "none";
    }
    after.push(info);
    const next = ls[li + 1];
    questions.push({
      index: qi,
      time: q.start,
      text: q.text,
      kind: classifyQuestion(q.text),
      wait: next ? round1(Math.max(0, next.start - q.end)) : null,
      answered,
      response,
      depth: 0,
    });
  });

  const chains: DialogueChain[] = [];
  let qi = 0;
  while (qi < questions.length) {
    if (!questions[qi]!.answered) {
      qi++;
      continue;
    }
    const first = qi;
    let depth = 1;
    let last = qi;
    while (last + 1 < questions.length) {
      const info = after[last]!;
      const nextLine = qLineIdx[last + 1]!;
      let onlyTeacher = true;
      for (let k = info.next; k < nextLine; k++) if (ls[k]!.role !== "T") onlyTeacher = false;
      const nq = questions[last + 1]!;
      if (!(info.next <= nextLine && onlyTeacher && nq.answered && classifyResponse(nq.text, info.answer) === "follow_up")) break;
      depth++;
      last++;
    }
    const lastInfo = after[last]!;
    const chainEnd = ls[lastInfo.next - 1]!.end;
    chains.push({ start: questions[first]!.time, end: chainEnd, depth, question_index: first });
    for (let k = first; k <= last; k++) questions[k]!.depth = depth;
    qi = last + 1;
  }

  const lida: Record<LidaKind, number> = { praise: 0, follow_up: 0, correction: 0, repetition: 0, none: 0 };
  for (const q of questions) if (q.response) lida[q.response]++;
  const waits = questions.filter((q) => q.answered && q.wait !== null).map((q) => q.wait!);
  const dist = new Map<number, number>();
  for (const c of chains) dist.set(c.depth, (dist.get(c.depth) ?? 0) + 1);
  const open = questions.filter((q) => q.kind === "open").length;
  return {
    available: true,
    teacher_chars,
    student_chars,
    teacher_rate: rate(teacher_chars, tSec),
    student_rate: rate(student_chars, sSec),
    questions,
    open_ratio: questions.length ? round3(open / questions.length) : 0,
    avg_wait: waits.length ? round1(waits.reduce((a, b) => a + b, 0) / waits.length) : null,
    lida,
    chains,
    depth_distribution: [...dist].sort((a, b) => a[0] - b[0]).map(([depth, count]) => ({ depth, count })),
    max_depth: chains.reduce((m, c) => Math.max(m, c.depth), 0),
    mean_depth: chains.length ? round2(chains.reduce((a, c) => a + c.depth, 0) / chains.length) : 0,
  };
}

function overlap(a: ReadonlyArray<{ start: number; end: number }>, b: ReadonlyArray<{ start: number; end: number }>): number {
  let total = 0;
  for (const x of a) for (const y of b) total += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
  return total;
}
