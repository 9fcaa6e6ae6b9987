/** The questionnaire contract's shared logic (#12): checkQuestions, questionPath, checkAnswer, and the payload schemas. */
import { describe, expect, it } from "vitest";
import {
  Question,
  type QuestionInput,
  QuestionList,
  QuestionnaireSavePayload,
  SKIP_END,
  checkAnswer,
  checkQuestions,
  questionPath,
} from "./schemas/questionnaire.js";

const q = (x: QuestionInput) => Question.parse(x);
const single = (id: string, skip: { option_id: string; goto: string }[] = [], required = true) =>
  q({
    id,
    type: "single",
    title: `单选 ${id}`,
    required,
    options: [
      { id: "a", label: "甲" },
      { id: "b", label: "乙" },
      { id: "c", label: "丙" },
    ],
    skip,
  });
const text = (id: string, required = true) => q({ id, type: "text", title: `填空 ${id}`, required, max_length: 10 });

describe("checkQuestions", () => {
  it("accepts a consistent list of every type", () => {
    const qs = [
      single("s", [
        { option_id: "b", goto: "t" },
        { option_id: "c", goto: SKIP_END },
      ]),
      q({
        id: "m",
        type: "multiple",
        title: "多选",
        options: [
          { id: "a", label: "甲" },
          { id: "b", label: "乙" },
        ],
        min_select: 1,
        max_select: 2,
      }),
      q({ id: "r", type: "rating", title: "评分", scale_min: 0, scale_max: 10 }),
      q({
        id: "x",
        type: "matrix",
        title: "矩阵",
        rows: [{ id: "r1", label: "行" }],
        options: [
          { id: "c1", label: "列1" },
          { id: "c2", label: "列2" },
        ],
      }),
      text("t"),
    ];
    expect(checkQuestions(qs)).toBeUndefined();
    expect(QuestionList.safeParse(qs).success).toBe(true);
  });

  it("names the question and the problem", () => {
    expect(checkQuestions([text("a"), text("a")])).toBe("第 2 题: 题目编号重复");
    expect(checkQuestions([q({ id: "s", type: "single", title: "t", options: [{ id: "a", label: "甲" }] })])).toBe("第 1 题: 至少需要 2 个选项");
    expect(
      checkQuestions([
        q({
          id: "s",
          type: "single",
          title: "t",
          options: [
            { id: "a", label: "甲" },
            { id: "a", label: "乙" },
          ],
        }),
      ]),
    ).toBe("第 1 题: 选项编号重复");
    expect(
      checkQuestions([
        q({
          id: "x",
          type: "matrix",
          title: "t",
          options: [
            { id: "a", label: "甲" },
            { id: "b", label: "乙" },
          ],
        }),
      ]),
    ).toBe("第 1 题: 矩阵至少需要 1 行");
    expect(checkQuestions([q({ id: "x", type: "matrix", title: "t", rows: [{ id: "r", label: "行" }], options: [{ id: "a", label: "甲" }] })])).toBe(
      "第 1 题: 矩阵至少需要 2 列",
    );
    expect(checkQuestions([q({ id: "r", type: "rating", title: "t", scale_min: 5, scale_max: 5 })])).toBe("第 1 题: 评分下限须小于上限");
    const opts = [
      { id: "a", label: "甲" },
      { id: "b", label: "乙" },
    ];
    expect(checkQuestions([q({ id: "m", type: "multiple", title: "t", options: opts, min_select: 2, max_select: 1 })])).toBe(
      "第 1 题: 最少选择数不能大于最多选择数",
    );
    expect(checkQuestions([q({ id: "m", type: "multiple", title: "t", options: opts, max_select: 3 })])).toBe("第 1 题: 选择数不能超过选项数");
    expect(checkQuestions([text("t"), q({ id: "m", type: "multiple", title: "t", options: opts, skip: [{ option_id: "a", goto: SKIP_END }] })])).toBe(
      "第 2 题: 只有单选题可以设置跳题",
    );
  });

  it("skip rules name the question's own options and jump forward only", () => {
    expect(checkQuestions([single("s", [{ option_id: "z", goto: "t" }]), text("t")])).toBe("第 1 题: 跳题规则的选项不存在");
    expect(checkQuestions([single("s", [{ option_id: "a", goto: "nope" }]), text("t")])).toBe("第 1 题: 跳题目标不存在");
    expect(checkQuestions([text("t"), single("s", [{ option_id: "a", goto: "t" }])])).toBe("第 2 题: 只能跳到后面的题目");
    expect(checkQuestions([single("s", [{ option_id: "a", goto: "s" }])])).toBe("第 1 题: 只能跳到后面的题目");
    const r = QuestionList.safeParse([single("s", [{ option_id: "a", goto: "nope" }])]);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("第 1 题: 跳题目标不存在");
  });
});

describe("questionPath", () => {
  const qs = [
    single("q1", [
      { option_id: "b", goto: "q4" },
      { option_id: "c", goto: SKIP_END },
    ]),
    text("q2"),
    single("q3", [{ option_id: "a", goto: "q5" }]),
    text("q4"),
    text("q5"),
  ];
  const ids = (answers: Record<string, string>) => questionPath(qs, answers).map((x) => x.id);

  it("without answers or without a matching rule: every question", () => {
    expect(ids({})).toEqual(["q1", "q2", "q3", "q4", "q5"]);
    expect(ids({ q1: "a" })).toEqual(["q1", "q2", "q3", "q4", "q5"]);
  });
  it("jumps over questions, chains jumps, and ends", () => {
    expect(ids({ q1: "b" })).toEqual(["q1", "q4", "q5"]);
    expect(ids({ q1: "a", q3: "a" })).toEqual(["q1", "q2", "q3", "q5"]);
    expect(ids({ q1: "c" })).toEqual(["q1"]);
    // An answer to a question off the path does not steer.
    expect(ids({ q1: "b", q3: "a" })).toEqual(["q1", "q4", "q5"]);
  });
});

describe("checkAnswer", () => {
  const m = q({ id: "m", type: "multiple", title: "t", options: ["a", "b", "c"].map((id) => ({ id, label: id })), min_select: 2, max_select: 2 });
  const r = q({ id: "r", type: "rating", title: "t", scale_min: 1, scale_max: 5 });
  const x = q({
    id: "x",
    type: "matrix",
    title: "t",
    rows: [
      { id: "r1", label: "1" },
      { id: "r2", label: "2" },
    ],
    options: [
      { id: "c1", label: "a" },
      { id: "c2", label: "b" },
    ],
  });

  it("required only when final", () => {
    for (const empty of [undefined, "", [], {}]) {
      expect(checkAnswer(text("t"), empty, true)).toBe("此题为必答题");
      expect(checkAnswer(text("t"), empty, false)).toBeUndefined();
      expect(checkAnswer(text("t", false), empty, true)).toBeUndefined();
    }
  });
  it("single / multiple", () => {
    expect(checkAnswer(single("s"), "a", true)).toBeUndefined();
    expect(checkAnswer(single("s"), "z", false)).toBe("请选择一个选项");
    expect(checkAnswer(single("s"), ["a"], false)).toBe("请选择一个选项");
    expect(checkAnswer(m, ["a", "b"], true)).toBeUndefined();
    expect(checkAnswer(m, ["a", "z"], false)).toBe("选项不存在");
    expect(checkAnswer(m, ["a", "a"], false)).toBe("选项不存在");
    expect(checkAnswer(m, ["a", "b", "c"], false)).toBe("最多选择 2 项");
    expect(checkAnswer(m, ["a"], false)).toBeUndefined();
    expect(checkAnswer(m, ["a"], true)).toBe("至少选择 2 项");
  });
  it("rating / matrix / text", () => {
    expect(checkAnswer(r, 5, true)).toBeUndefined();
    expect(checkAnswer(r, 6, false)).toBe("请给出 1–5 的评分");
    expect(checkAnswer(r, 2.5, false)).toBe("请给出 1–5 的评分");
    expect(checkAnswer(r, "3", false)).toBe("请给出 1–5 的评分");
    expect(checkAnswer(x, { r1: "c1", r2: "c2" }, true)).toBeUndefined();
    expect(checkAnswer(x, { r1: "c1" }, false)).toBeUndefined();
    expect(checkAnswer(x, { r1: "c1" }, true)).toBe("请回答矩阵的每一行");
    expect(checkAnswer(x, { r9: "c1" }, false)).toBe("矩阵题的行或列不存在");
    expect(checkAnswer(x, ["c1"], false)).toBe("矩阵题的回答格式不正确");
    expect(checkAnswer(text("t"), "十个字以内的回答", true)).toBeUndefined();
    expect(checkAnswer(text("t"), "这个回答一共超过了十个字", true)).toBe("不能超过 10 个字");
    expect(checkAnswer(text("t"), 3, true)).toBe("请填写文字");
  });
});

describe("payloads", () => {
  it("save: defaults, and Chinese messages", () => {
    const p = QuestionnaireSavePayload.parse({ title: " 问卷 ", audience_type: "5" });
    expect(p).toMatchObject({ title: "问卷", audience_type: 5, audience_id: 0, login_required: 1, once_per_user: 1, anonymous: 0, questions: [] });
    const bad = QuestionnaireSavePayload.safeParse({ title: "问卷", audience_type: 2, start_time: "明天" });
    expect(bad.error?.issues[0]?.message).toBe("开始时间格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss");
    expect(QuestionnaireSavePayload.safeParse({ title: "问卷", audience_type: 2, login_required: 2 }).error?.issues[0]?.message).toBe("需要登录只能是 0 或 1");
  });
});
