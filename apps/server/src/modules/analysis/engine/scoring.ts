/** ai_scoring: scores a lesson against a lecture_indicator tree (#9) from its analysis. Pure. OWNER: engine-metrics helper. */
import type { AnalysisResult, ScoringItem, ScoringSection } from "@yanke/protocol";

export interface IndicatorNode {
  id: number;
  pid: number;
  name: string;
  /** weight of the item within its parent (0–100) */
  weight: number;
  max_score: number;
  /** leaf items are scored; dimensions sum their children */
  children: IndicatorNode[];
}

type Inputs = Omit<AnalysisResult, "scoring" | "stages" | "elapsed">;
type SectionKey = "speech" | "st" | "talk" | "autonomous" | "behavior";

/** Chinese names of the sections a measure may rest on (used in the reasons). */
export const SECTION_NAMES: Readonly<Record<SectionKey | "transcript" | "fias", string>> = {
  speech: "师生话语时间",
  st: "S-T 分析",
  transcript: "课堂实录",
  talk: "话语分析",
  fias: "弗兰德斯互动分析",
  autonomous: "学生自主学习时间",
  behavior: "课堂行为分析",
};

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** A measure's rating 0–1 and what it rests on, or null with the reason it cannot judge this lesson. */
type Rated = { rating: number; basis: string } | { rating: null; basis: string };

export interface Measure {
  /** keywords looked for in the indicator's name (first measure with a match wins) */
  keywords: readonly string[];
  label: string;
  section: SectionKey;
  rate: (r: Inputs) => Rated;
}

type Av<K extends SectionKey> = Extract<Inputs[K], { available: true }>;
const sec = <K extends SectionKey>(r: Inputs, k: K) => r[k] as Av<K>;

/**
 * The keyword table (docs/analysis-method.md §指标评分). An indicator whose name matches none of these is not judged
 * ("无法从课堂录像判断：…"); neither is one whose section is unavailable.
 */
export const MEASURES: readonly Measure[] = [
  {
    keywords: ["提问", "问题", "设问", "启发", "问答"],
    label: "提问",
    section: "talk",
    rate: (r) => {
      const t = sec(r, "talk");
      const per10 = r.duration > 0 ? t.questions.length / (r.duration / 600) : 0;
      const rating = 0.5 * clamp01(per10 / 5) + 0.5 * clamp01(t.open_ratio / 0.4);
      return {
        rating,
        basis: `提问 ${t.questions.length} 个（每 10 分钟 ${per10.toFixed(1)} 个，5 个及以上满分），开放性问题占 ${pct(t.open_ratio)}（40% 及以上满分），两者各占一半`,
      };
    },
  },
  {
    keywords: ["互动", "对话", "交流", "师生"],
    label: "师生互动",
    section: "st",
    rate: (r) => {
      const s = sec(r, "st");
      return { rating: clamp01(s.ch / 0.4), basis: `S-T 分析师生行为转换率 Ch = ${s.ch}（Ch ≥ 0.4 为对话型，满分；按 Ch ÷ 0.4 计）` };
    },
  },
  {
    keywords: ["深度", "思维", "追问", "高阶"],
    label: "对话深度",
    section: "talk",
    rate: (r) => {
      const t = sec(r, "talk");
      return { rating: clamp01(t.max_depth / 3), basis: `最长问答链 ${t.max_depth} 轮（3 轮及以上满分，按 轮数 ÷ 3 计），共 ${t.chains.length} 条问答链` };
    },
  },
  {
    keywords: ["评价", "反馈", "理答", "激励", "鼓励"],
    label: "理答",
    section: "talk",
    rate: (r) => {
      const t = sec(r, "talk");
      const answered = t.questions.filter((q) => q.answered).length;
      if (answered === 0) return { rating: null, basis: "无法从课堂录像判断：本课没有识别到学生回答教师提问，无法评价理答" };
      const responded = answered - t.lida.none;
      return { rating: responded / answered, basis: `学生回答 ${answered} 次，教师有理答（表扬、追问、纠正、重复）${responded} 次，按有理答的比例计` };
    },
  },
  {
    keywords: ["参与", "主体", "积极"],
    label: "学生参与",
    section: "speech",
    rate: (r) => {
      const s = sec(r, "speech");
      const other = 1 - s.teacher_ratio;
      return {
        rating: clamp01(other / 0.5),
        basis: `教师讲话占 ${pct(s.teacher_ratio)}，学生发言、练习与安静思考共占 ${pct(other)}（50% 及以上满分，按 占比 ÷ 0.5 计）`,
      };
    },
  },
  {
    keywords: ["合作", "探究", "自主", "练习"],
    label: "自主学习",
    section: "autonomous",
    rate: (r) => {
      const a = sec(r, "autonomous");
      return {
        rating: clamp01(a.ratio / 0.2),
        basis: `连续 ${a.min_seconds} 秒以上无教师讲话的时段共 ${Math.round(a.total_seconds)} 秒，占 ${pct(a.ratio)}（20% 及以上满分，按 占比 ÷ 0.2 计）`,
      };
    },
  },
  {
    keywords: ["讲授", "讲解", "精讲", "时间", "节奏"],
    label: "讲授时间",
    section: "st",
    rate: (r) => {
      const rt = sec(r, "st").rt;
      const rating = rt >= 0.7 ? clamp01(1 - (rt - 0.7) / 0.3) : rt <= 0.3 ? clamp01(1 - (0.3 - rt) / 0.3) : 1;
      return { rating, basis: `教师行为占有率 Rt = ${rt}（0.3 < Rt < 0.7 满分；Rt ≥ 0.7 时按 1 − (Rt − 0.7) ÷ 0.3，Rt ≤ 0.3 时按 1 − (0.3 − Rt) ÷ 0.3 计）` };
    },
  },
  {
    keywords: ["语言", "表达", "语速"],
    label: "教学语言",
    section: "talk",
    rate: (r) => {
      const v = sec(r, "talk").teacher_rate;
      const rating = v >= 150 && v <= 280 ? 1 : v < 150 ? clamp01(v / 150) : clamp01(1 - (v - 280) / 120);
      return { rating, basis: `教师语速 ${v} 字/分钟（150–280 字/分钟满分，过慢按 语速 ÷ 150，过快按 1 − (语速 − 280) ÷ 120 计）；语言的准确与生动需人工评价` };
    },
  },
  {
    keywords: ["走动", "巡视", "移动", "走下讲台"],
    label: "巡视走动",
    section: "behavior",
    rate: (r) => {
      const b = sec(r, "behavior");
      return {
        rating: clamp01(b.zones.among_students / 0.2),
        basis: `教师在学生中间的时间占 ${pct(b.zones.among_students)}（20% 及以上满分，按 占比 ÷ 0.2 计）`,
      };
    },
  },
  {
    keywords: ["板书"],
    label: "板书",
    section: "behavior",
    rate: (r) => {
      const b = sec(r, "behavior");
      return {
        rating: clamp01(b.zones.board / 0.15),
        basis: `教师在黑板附近的时间占 ${pct(b.zones.board)}（15% 及以上满分，按 占比 ÷ 0.15 计）；板书内容与设计需人工评价`,
      };
    },
  },
];

/** The measure an indicator's name asks for (first keyword match in MEASURES order), or null. */
export function measureOf(name: string): Measure | null {
  return MEASURES.find((m) => m.keywords.some((k) => name.includes(k))) ?? null;
}

/**
 * Scores each leaf the analysis can judge (by what the item's name asks: the MEASURES table — 提问/互动 → questions
 * and Ch, 讲授/时间 → Rt, 参与/主体 → the share of time the teacher is not talking, 合作/探究/自主 → autonomous
 * time, 评价/反馈/理答 → 理答, 深度/思维 → dialogue depth, 语言 → speech rate, 板书/走动 → behaviour);
 * score = max_score × rating (1 decimal). The others are listed with score null and the reason. Never invents a score
 * for a section that is unavailable. Items are the leaves of the tree (nodes without children), in tree order;
 * total and full sum the judged items only.
 */
export function scoreLesson(schemeId: number, schemeName: string, tree: readonly IndicatorNode[], result: Inputs): ScoringSection & { available: true } {
  const items: ScoringItem[] = [];
  const walk = (nodes: readonly IndicatorNode[]) => {
    for (const n of nodes) {
      if (n.children.length > 0) {
        walk(n.children);
        continue;
      }
      const base = { indicator_id: n.id, parent_id: n.pid, name: n.name, weight: n.weight, max_score: n.max_score };
      const m = measureOf(n.name);
      if (!m) {
        items.push({ ...base, score: null, basis: `无法从课堂录像判断：「${n.name}」需要人工评价（教学目标、内容、方法与效果不能从语音和画面统计得出）` });
        continue;
      }
      const section = result[m.section];
      if (!section.available) {
        items.push({ ...base, score: null, basis: `无法从课堂录像判断：所需的「${SECTION_NAMES[m.section]}」不可用（${section.reason}）` });
        continue;
      }
      const rated = m.rate(result);
      if (rated.rating === null) {
        items.push({ ...base, score: null, basis: rated.basis });
        continue;
      }
      const rating = r3(clamp01(rated.rating));
      items.push({ ...base, score: Math.round(n.max_score * rating * 10) / 10, basis: `${m.label}：${rated.basis}；得分率 ${rating}` });
    }
  };
  walk(tree);
  const judged = items.filter((i) => i.score !== null);
  return {
    available: true,
    scheme_id: schemeId,
    scheme_name: schemeName,
    items,
    total: Math.round(judged.reduce((a, i) => a + i.score!, 0) * 10) / 10,
    full: Math.round(judged.reduce((a, i) => a + i.max_score, 0) * 10) / 10,
    judged: judged.length,
    unjudged: items.length - judged.length,
  };
}
