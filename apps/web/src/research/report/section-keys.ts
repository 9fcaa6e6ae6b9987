/** Section keys of ?type= and ?sections=, with their titles. */
export const SECTION_KEYS = ["st", "rtch", "talk", "questions", "depth", "fias", "behavior", "autonomous", "scoring", "stages"] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];
export const SECTION_TITLES: Record<SectionKey, string> = {
  st: "S-T 曲线",
  rtch: "Rt-Ch 教学模式",
  talk: "师生话语",
  questions: "提问与理答",
  depth: "对话深度",
  fias: "弗兰德斯互动分析（FIAS）",
  behavior: "课堂行为",
  autonomous: "学生自主学习",
  scoring: "指标评分",
  stages: "分析过程",
};
