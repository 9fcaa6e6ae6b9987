/**
 * A complete, realistic lesson plan (勾股定理, 八年级下册) as the co-editor stores it (html + text), for the
 * diagnosis unit and API tests, and its catalogue keywords.
 */

export const PYTHAGORAS_KEYWORDS = ["勾股定理", "直角三角形", "斜边", "面积法", "数形结合"];

/** Sections as [heading, paragraphs]; the plan's html is built from them. */
export type PlanSections = [string, string[]][];

export const PYTHAGORAS_SECTIONS: PlanSections = [
  [
    "一、教学目标",
    [
      "1. 知识与技能：理解勾股定理的内容，能够运用勾股定理计算直角三角形的边长。",
      "2. 过程与方法：经历拼图验证勾股定理的过程，能够用面积法证明勾股定理，发展推理能力。",
      "3. 情感态度价值观：通过介绍赵爽弦图，增强民族自豪感，形成严谨的数学态度与核心素养。",
    ],
  ],
  ["二、教学重难点", ["重点：勾股定理的内容及其应用。", "难点：用面积法（拼图）证明勾股定理。"]],
  ["三、学情分析", ["学生已经学习了三角形、正方形的面积计算，具备一定的动手操作能力，但用面积关系推导等式还比较陌生。"]],
  ["四、教学准备", ["多媒体课件、方格纸、四个全等的直角三角形纸片、直尺。"]],
  [
    "五、教学过程",
    [
      "（一）创设情境，导入新课（5分钟）",
      "展示2002年国际数学家大会会徽（赵爽弦图），提问：这个图案是由哪些图形组成的？它们之间有什么关系？",
      "（二）合作探究，新授（15分钟）",
      "在方格纸上画直角边为3和4的直角三角形，测量斜边长度。问题1：以三边为边长的正方形面积有什么关系？",
      "问题2：对于任意直角三角形，这个关系还成立吗？为什么？",
      "小组用四个全等的直角三角形拼图，用面积法推导 a²+b²=c²。",
      "（三）例题讲解与巩固练习（15分钟）",
      "例1 已知直角三角形两直角边分别为6和8，求斜边长。你能用几种方法解决？",
      "练习：课本第24页练习第1、2题。如何判断一个三角形是否为直角三角形？",
      "（四）课堂小结（5分钟）",
      "本节课你有哪些收获？还有哪些疑问？",
      "（五）布置作业（约5分钟说明）",
    ],
  ],
  ["六、板书设计", ["勾股定理：直角三角形两直角边的平方和等于斜边的平方。a²+b²=c²　证明：面积法（赵爽弦图）——数形结合"]],
  ["七、作业布置", ["必做：习题17.1第1、2、3题；选做：查阅勾股定理的其他证明方法。"]],
  ["八、教学反思", ["学生拼图活动参与度高，但部分学生对面积法推导理解困难，下节课需加强。"]],
];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The html (h2 headings, p paragraphs) and the text (one line per block) of a plan. */
export function planDoc(sections: PlanSections): { html: string; text: string } {
  const html = sections.map(([h, ps]) => `<h2>${esc(h)}</h2>${ps.map((p) => `<p>${esc(p)}</p>`).join("")}`).join("");
  const text = sections.map(([h, ps]) => [h, ...ps].join("\n")).join("\n");
  return { html, text };
}

/** The plan without the sections whose heading contains one of `names`. */
export const without = (sections: PlanSections, ...names: string[]): PlanSections => sections.filter(([h]) => !names.some((n) => h.includes(n)));

/** Polls c253 by job id until the job is done or failed (a bounded number of polls, no timing threshold). */
export async function pollJob<T extends { status: string }>(get: () => Promise<T>, polls = 400): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < polls; i++) {
    last = await get();
    if (last.status === "done" || last.status === "failed") return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`diagnosis job still ${last?.status} after ${polls} polls`);
}
