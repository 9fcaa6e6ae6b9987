import { describe, expect, it } from "vitest";
import type { TranscriptLine } from "@yanke/protocol";
import { analyseTalk, classifyQuestion, classifyResponse, isQuestion, repeatedShare } from "./talk.js";

describe("question rules", () => {
  it.each([
    "什么是质数？",
    "你们听懂了吗",
    "你们听懂了吗。", // ASR puts 。 after 吗
    "这道题的答案是多少?",
    "你是怎么想的呢",
    "我们一起来读一读吧",
    "为什么三角形具有稳定性",
    "谁能来回答一下",
    "这个说法对不对",
    "一共有几个苹果",
    "哪些数是偶数",
    "他说得是不是有道理",
    "请判断这个说法是否正确。",
    "3加5等于几",
    "“为什么”",
    "这个题目你们做出来了没有",
    "请你来说一说你的想法。", // a solicitation: an invitation to answer
    "哪位同学来回答。",
  ])("question: %s", (t) => expect(isQuestion(t)).toBe(true));

  it.each([
    "同学们好。",
    "今天我们学习分数。",
    "我们开始吧。", // 吧 before 。 is a statement
    "他还在睡觉呢。",
    "没什么大不了的。",
    "什么都可以试试。",
    "谁都不能说话。",
    "这几天天气很好。",
    "十几个同学举手了。",
    "几乎所有同学都做对了。",
    "或多或少都有收获。",
    "怎么也想不到。",
    "这就是为什么分母不变的原因。", // an interrogative word naming a clause inside a statement
    "我知道怎么做了。",
    "不管什么题都要检查。",
    "。。。",
    "",
  ])("not a question: %s", (t) => expect(isQuestion(t)).toBe(false));
});

describe("open and closed questions", () => {
  it.each([
    "为什么三角形具有稳定性？",
    "你是怎么算出来的？",
    "如何证明这个结论？",
    "说说你的想法？",
    "你觉得主人公是个怎样的人？",
    "这两种方法有什么不同？",
    "你认为作者想表达什么？",
  ])("open: %s", (t) => expect(classifyQuestion(t)).toBe("open"));
  it.each([
    "这个说法对不对？",
    "一共有几个？",
    "答案是多少？",
    "你们听懂了吗？",
    "哪个是质数？",
    "你觉得他说得对吗？",
    "这是什么字？",
    "是不是所有的质数都是奇数？",
  ])("closed: %s", (t) => expect(classifyQuestion(t)).toBe("closed"));
});

describe("理答 kinds", () => {
  it("praise, correction, follow-up, repetition, none", () => {
    expect(classifyResponse("很好，请坐。", "是二。")).toBe("praise");
    expect(classifyResponse("非常好！", "三角形有稳定性")).toBe("praise");
    expect(classifyResponse("不对，再想想。", "是九。")).toBe("correction");
    expect(classifyResponse("错了，注意单位。", "五米")).toBe("correction");
    expect(classifyResponse("还有呢？", "可以用画图的方法")).toBe("follow_up");
    expect(classifyResponse("很好，为什么？", "是一百八十度")).toBe("follow_up"); // follow-up beats praise
    expect(classifyResponse("那四边形的内角和是多少？", "三角形内角和是一百八十度")).toBe("follow_up"); // starts with 那
    expect(classifyResponse("内角和都相等吗？", "三角形内角和是一百八十度")).toBe("follow_up"); // takes up 内角
    // repetition: answer 三角形具有稳定性 (8 chars); teacher 三角形具有稳定性。 repeats all 8 → 1.0 ≥ 0.6
    expect(classifyResponse("三角形具有稳定性。", "三角形具有稳定性")).toBe("repetition");
    // 5 of the 8 answer characters (三角形 稳定) → 0.625 ≥ 0.6 → repetition
    expect(repeatedShare("三角形稳定。", "三角形具有稳定性")).toBe(0.625);
    expect(classifyResponse("三角形稳定。", "三角形具有稳定性")).toBe("repetition");
    // 4 of 8 (三角形 性) → 0.5 < 0.6 → none
    expect(classifyResponse("三角形这个性质我们下节课讲。", "三角形具有稳定性")).toBe("none");
    expect(classifyResponse("下面我们看第二题。", "是二")).toBe("none");
    // 是不是 / 对不对 are not corrections
    expect(classifyResponse("大家说是不是？", "是二")).not.toBe("correction");
  });
});

const L = (start: number, end: number, role: "T" | "S", text: string): TranscriptLine => ({ start, end, role, text });

describe("analyseTalk", () => {
  const lines = [
    L(0, 10, "T", "同学们好，今天我们学习三角形。"), // 14 chars
    L(12, 15, "T", "三角形有什么特点？"), // q0 open, next line starts 18 → wait 3
    L(18, 20, "S", "有三条边。"), // answer
    L(21, 23, "T", "还有呢？"), // q1 follow-up of q0 (chain continues), next at 24 → wait 1
    L(24, 26, "S", "有三个角。"),
    L(27, 30, "T", "为什么三角形稳定？"), // q2 follow-up (为什么), next at 35 → wait 5
    L(35, 40, "S", "因为三条边确定了形状。"),
    L(41, 43, "T", "非常好。"), // response to q2: praise; chain depth 3 ends
    L(50, 52, "T", "一共有几个角？"), // q3 closed, unanswered (next line is a teacher question) wait 10
    L(62, 64, "T", "这个对不对？"), // q4 closed, answered
    L(66, 67, "S", "对。"),
    L(68, 70, "T", "不对，再想想。"), // correction
  ];

  it("questions, waits, answers, 理答, chains and depth by hand", () => {
    const t = analyseTalk(lines, []);
    expect(t.questions.map((q) => [q.index, q.time, q.kind, q.wait, q.answered, q.response, q.depth])).toEqual([
      [0, 12, "open", 3, true, "follow_up", 3],
      [1, 21, "open", 1, true, "follow_up", 3], // 还有呢 asks for more ideas: an open cue
      [2, 27, "open", 5, true, "praise", 3],
      [3, 50, "closed", 10, false, null, 0],
      [4, 62, "closed", 2, true, "correction", 1],
    ]);
    // chains: [q0 → q1 → q2] depth 3 from 12 to 40; [q4] depth 1 from 62 to 67
    expect(t.chains).toEqual([
      { start: 12, end: 40, depth: 3, question_index: 0 },
      { start: 62, end: 67, depth: 1, question_index: 4 },
    ]);
    expect(t.depth_distribution).toEqual([
      { depth: 1, count: 1 },
      { depth: 3, count: 1 },
    ]);
    expect(t.max_depth).toBe(3);
    expect(t.mean_depth).toBe(2); // (3 + 1)/2
    // open 3 of 5 = 0.6; waits of answered questions 3, 1, 5, 2 → 11/4 = 2.75 → 2.8 (1 decimal)
    expect(t.open_ratio).toBe(0.6);
    expect(t.avg_wait).toBe(2.8);
    expect(t.lida).toEqual({ praise: 1, follow_up: 2, correction: 1, repetition: 0, none: 0 });
  });

  it("characters and rates: from the lines' times without speech segments, from the segments when given", () => {
    const short = [L(0, 30, "T", "同学们好今天我们学习三角形"), L(30, 45, "S", "老师好")];
    // teacher 13 chars in 30 s → 26 /min; student 3 chars in 15 s → 12 /min
    expect(analyseTalk(short, [])).toMatchObject({ teacher_chars: 13, student_chars: 3, teacher_rate: 26, student_rate: 12 });
    // with segments: teacher speaks 0–20 (20 s) → 13 / (20/60) = 39; student 30–40 (10 s) → 18
    const t = analyseTalk(short, [
      { start: 0, end: 20, role: "T" },
      { start: 30, end: 40, role: "S" },
    ]);
    expect(t).toMatchObject({ teacher_rate: 39, student_rate: 18 });
    // no question: open_ratio 0, avg_wait null, no chains
    expect(t).toMatchObject({ questions: [], open_ratio: 0, avg_wait: null, chains: [], max_depth: 0, mean_depth: 0 });
  });

  it("an unrelated new question after an answer starts a new chain", () => {
    const t = analyseTalk(
      [L(0, 2, "T", "二加三等于几？"), L(3, 4, "S", "五。"), L(5, 7, "T", "很好。"), L(8, 10, "T", "四加四等于几？"), L(11, 12, "S", "八。")],
      [],
    );
    // 四加四等于几 shares no two consecutive characters with 五 and has no follow-up cue → not a follow-up
    expect(t.chains.map((c) => c.depth)).toEqual([1, 1]);
    expect(t.questions.map((q) => q.response)).toEqual(["praise", "none"]);
  });
});
