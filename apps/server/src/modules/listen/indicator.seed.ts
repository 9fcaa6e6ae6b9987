/**
 * The platform's default evaluation scheme 《课堂教学评价量表》 and default listen targets (issue #9): seeded at every
 * start when missing (idempotent: one read each when present; a scheme an administrator edited is left alone).
 */
import { DEFAULT_INDICATOR_SCHEME } from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { lectureIndicator, listenTarget } from "./listen.schema.js";

interface SeedItem {
  name: string;
  weight: number;
  description: string;
}
interface SeedDimension extends SeedItem {
  items: SeedItem[];
}

/** Dimensions and items: each sibling group's weights add up to 100; every item scores 0–10. */
export const DEFAULT_SCHEME: readonly SeedDimension[] = [
  {
    name: "教学目标",
    weight: 15,
    description: "目标明确、具体，符合课程标准和学生实际",
    items: [
      { name: "目标明确具体", weight: 40, description: "知识、能力、情感目标表述清楚，可检测" },
      { name: "符合课标要求", weight: 30, description: "体现课程标准和学科核心素养" },
      { name: "切合学生实际", weight: 30, description: "难度适中，关注学生已有基础" },
    ],
  },
  {
    name: "教学内容",
    weight: 20,
    description: "内容准确、重点突出，联系生活实际",
    items: [
      { name: "内容科学准确", weight: 40, description: "概念、原理讲解无科学性错误" },
      { name: "重点难点突出", weight: 35, description: "抓住重点，突破难点" },
      { name: "联系生活实际", weight: 25, description: "适当拓展，联系学生生活经验" },
    ],
  },
  {
    name: "教学过程与方法",
    weight: 25,
    description: "结构合理，方法得当，师生互动充分",
    items: [
      { name: "教学结构合理", weight: 25, description: "环节清楚，过渡自然，时间分配恰当" },
      { name: "教学方法得当", weight: 25, description: "方法灵活多样，适合内容和学生" },
      { name: "师生互动有效", weight: 25, description: "提问有层次，反馈及时" },
      { name: "信息技术运用", weight: 25, description: "媒体使用恰当，服务于教学" },
    ],
  },
  {
    name: "学生学习",
    weight: 20,
    description: "学生参与度高，思维活跃，合作探究",
    items: [
      { name: "参与广度", weight: 35, description: "全体学生积极参与学习活动" },
      { name: "思维深度", weight: 35, description: "学生敢于质疑，思维活跃" },
      { name: "合作探究", weight: 30, description: "小组合作分工明确、交流充分" },
    ],
  },
  {
    name: "教学效果",
    weight: 20,
    description: "目标达成度高，学生有收获",
    items: [
      { name: "目标达成", weight: 50, description: "多数学生达成本课学习目标" },
      { name: "课堂氛围", weight: 25, description: "民主和谐，学生学习情绪饱满" },
      { name: "学习收获", weight: 25, description: "学生在知识、能力、方法上有所收获" },
    ],
  },
];

export const DEFAULT_LISTEN_TARGETS = ["课堂提问", "小组合作", "板书设计", "时间分配", "学生参与", "信息技术应用", "教学语言", "课堂评价"] as const;

export async function seedDefaultIndicators(db: Db): Promise<void> {
  const [present] = await db
    .select({ id: lectureIndicator.id })
    .from(lectureIndicator)
    .where(and(eq(lectureIndicator.school_id, 0), eq(lectureIndicator.pid, 0), eq(lectureIndicator.name, DEFAULT_INDICATOR_SCHEME)))
    .limit(1);
  if (!present) {
    await db.transaction(async (tx) => {
      const [root] = await tx
        .insert(lectureIndicator)
        .values({ name: DEFAULT_INDICATOR_SCHEME, description: "平台默认的课堂教学评价量表：五个维度，每项 0–10 分", level: 1, weight: 100, sort: 1 })
        .returning({ id: lectureIndicator.id });
      const rootId = root!.id;
      await tx.update(lectureIndicator).set({ root_id: rootId }).where(eq(lectureIndicator.id, rootId));
      for (const [i, d] of DEFAULT_SCHEME.entries()) {
        const [dim] = await tx
          .insert(lectureIndicator)
          .values({ pid: rootId, root_id: rootId, level: 2, name: d.name, description: d.description, weight: d.weight, sort: i + 1 })
          .returning({ id: lectureIndicator.id });
        await tx.insert(lectureIndicator).values(
          d.items.map((it, j) => ({
            pid: dim!.id,
            root_id: rootId,
            level: 3,
            name: it.name,
            description: it.description,
            weight: it.weight,
            min_score: 0,
            max_score: 10,
            sort: j + 1,
          })),
        );
      }
    });
  }
  const [target] = await db.select({ id: listenTarget.id }).from(listenTarget).where(eq(listenTarget.school_id, 0)).limit(1);
  if (!target) await db.insert(listenTarget).values(DEFAULT_LISTEN_TARGETS.map((name, i) => ({ name, sort: i + 1 })));
}
