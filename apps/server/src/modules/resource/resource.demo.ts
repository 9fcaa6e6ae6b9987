/**
 * Demo courses and clips of the resource area (#11; see ../portal/front.demo.ts): six short generated clips
 * (testsrc2 in six hues with a sine tone, 320x180, 4–6 s) registered as videos of 张老师, 李老师, 王老师 and 赵老师;
 * nine courses (eight published across 语文/数学/英语/物理, 初中/高中, both demo schools and all four course types,
 * one draft), each with two units of two lessons, a Chinese introduction, teaching design and summary; the clips bound
 * to lessons, a small PDF 学案 bound to one lesson, and some views in the log.
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { account } from "../account/account.schema.js";
import { cachedDemoMedia } from "../file/demo-media.js";
import { OrgService } from "../org/org.service.js";
import { period, subject } from "../org/org.schema.js";
import type { DemoVideo, FrontDemoDeps } from "../demo-deps.js";
import { video } from "../video/video.schema.js";
import { courseResource, resourceViewLog } from "./resource.schema.js";
import type { CallerAccount as Caller } from "../../http/caller.js";
import { ResourceService } from "./resource.service.js";

const SUFFIX = "（示例）";

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    p.stderr.on("data", (b: Buffer) => (err += b.toString()));
    p.on("error", reject);
    p.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err.slice(-500)}`))));
  });
}

/** The ffmpeg arguments of one clip (a test pattern with a tone, libx264 ultrafast), less the output file. */
function clipArgs(i: number): string[] {
  const seconds = 4 + (i % 3);
  // testsrc2 in a different hue per clip (mandelbrot looks nicer but costs seconds of CPU on two cores).
  const source = `testsrc2=size=320x180:rate=15:duration=${seconds},hue=h=${i * 60}`;
  return [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    source,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${330 + i * 55}:sample_rate=22050:duration=${seconds}`,
    "-t",
    String(seconds),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "48k",
    "-shortest",
    "-movflags",
    "+faststart",
  ];
}

/**
 * The demo clips in `dir` (clip-0.mp4 …), copied from the machine's demo media cache (file/demo-media.ts), made
 * there first when missing — two at a time (two cores).
 */
export async function demoClips(ffmpeg: string, dir: string): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < CLIPS.length; i += 2) {
    const pair = [i, i + 1].filter((k) => k < CLIPS.length);
    const made = await Promise.all(
      pair.map((k) =>
        cachedDemoMedia({ demo: "resource-clip", ffmpeg: clipArgs(k) }, [`clip-${k}.mp4`], dir, (w) =>
          run(ffmpeg, [...clipArgs(k), path.join(w, `clip-${k}.mp4`)]),
        ),
      ),
    );
    files.push(...made.flat());
  }
  return files;
}

/** A one-page PDF (Helvetica, ASCII text) FileService accepts as a document. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

interface ClipPlan {
  user: string;
  name: string;
}
const CLIPS: ClipPlan[] = [
  { user: "zhanglaoshi", name: "《背影》课堂实录" },
  { user: "zhanglaoshi", name: "古诗词鉴赏课堂片段" },
  { user: "lilaoshi", name: "勾股定理的证明" },
  { user: "lilaoshi", name: "一元二次方程的解法" },
  { user: "wanglaoshi", name: "Unit 3 听说课片段" },
  { user: "zhaolaoshi", name: "光的折射实验演示" },
];

interface CoursePlan {
  user: string;
  name: string;
  type: number;
  color: string;
  intro: string;
  /** The senior period's subject of this name (xiaoji's course); default the author's own. */
  senior?: string;
  units: [string, [string, string]][];
  clip?: number;
  views: number;
  draft?: boolean;
}
const COURSES: CoursePlan[] = [
  {
    user: "zhanglaoshi",
    name: "《背影》细读",
    type: 1,
    color: "#c0504d",
    clip: 0,
    views: 46,
    intro: "通过细读朱自清《背影》中父亲买橘子的片段，体会朴实语言背后深沉的父爱，学习以小见大的散文写法。",
    units: [
      ["第一单元 走进散文", ["第1课时 整体感知", "第2课时 语言品味"]],
      ["第二单元 读写结合", ["第3课时 细节描写", "第4课时 习作交流"]],
    ],
  },
  {
    user: "zhanglaoshi",
    name: "古诗词鉴赏方法",
    type: 2,
    color: "#9b59b6",
    clip: 1,
    views: 21,
    intro: "围绕意象、意境与炼字三个角度，带领学生掌握古诗词鉴赏的基本方法，并迁移到课外诗歌阅读。",
    units: [
      ["第一单元 意象与意境", ["第1课时 认识意象", "第2课时 品析意境"]],
      ["第二单元 炼字与表达", ["第3课时 一字传神", "第4课时 比较阅读"]],
    ],
  },
  {
    user: "lilaoshi",
    name: "勾股定理",
    type: 3,
    color: "#2e86de",
    clip: 2,
    views: 63,
    intro: "探究勾股定理的证明：从赵爽弦图出发，经历观察、猜想、拼图验证的过程，并用定理解决实际问题。",
    units: [
      ["第一单元 定理的发现", ["第1课时 赵爽弦图", "第2课时 拼图证明"]],
      ["第二单元 定理的应用", ["第3课时 最短路径", "第4课时 逆定理"]],
    ],
  },
  {
    user: "lilaoshi",
    name: "一元二次方程",
    type: 4,
    color: "#27ae60",
    clip: 3,
    views: 34,
    intro: "系统学习一元二次方程的配方法、公式法与因式分解法，理解根的判别式及根与系数的关系。",
    units: [
      ["第一单元 解法", ["第1课时 配方法", "第2课时 公式法"]],
      ["第二单元 根与系数的关系", ["第3课时 判别式", "第4课时 韦达定理"]],
    ],
  },
  {
    user: "wanglaoshi",
    name: "Unit 3 My School Life",
    type: 1,
    color: "#f39c12",
    clip: 4,
    views: 18,
    intro: "以校园生活为话题的听说课，学生在情境中运用一般现在时描述日常活动，提升口语表达的流利度。",
    units: [
      ["第一单元 Listening", ["第1课时 Warming up", "第2课时 Listening practice"]],
      ["第二单元 Speaking", ["第3课时 Pair work", "第4课时 Presentation"]],
    ],
  },
  {
    user: "zhaolaoshi",
    name: "光的折射",
    type: 4,
    color: "#16a085",
    clip: 5,
    views: 52,
    intro: "通过激光笔与水槽实验观察光的折射现象，归纳折射规律，并解释筷子“折断”、池水变浅等生活现象。",
    units: [
      ["第一单元 实验探究", ["第1课时 观察折射现象", "第2课时 探究折射规律"]],
      ["第二单元 生活中的折射", ["第3课时 现象解释", "第4课时 透镜初识"]],
    ],
  },
  {
    user: "zhaolaoshi",
    name: "浮力",
    type: 2,
    color: "#34495e",
    views: 12,
    intro: "从生活经验出发认识浮力，经历探究浮力大小与哪些因素有关的过程，理解阿基米德原理。",
    units: [
      ["第一单元 认识浮力", ["第1课时 浮力的存在", "第2课时 称重法测浮力"]],
      ["第二单元 阿基米德原理", ["第3课时 实验探究", "第4课时 综合应用"]],
    ],
  },
  {
    user: "xiaoji",
    name: "函数的单调性",
    type: 3,
    color: "#e84393",
    senior: "数学",
    clip: 3,
    views: 27,
    intro: "高一数学：借助图像直观感知函数的增减，用符号语言刻画单调性，并学会用定义法证明函数的单调性。",
    units: [
      ["第一单元 概念建构", ["第1课时 图像直观", "第2课时 符号刻画"]],
      ["第二单元 证明与应用", ["第3课时 定义法证明", "第4课时 单调性的应用"]],
    ],
  },
  {
    user: "zhanglaoshi",
    name: "议论文写作指导",
    type: 3,
    color: "#7f8c8d",
    draft: true,
    views: 0,
    intro: "从论点、论据到论证方法，分步骤指导学生写出结构清晰的议论文（草稿，尚未发布）。",
    units: [
      ["第一单元 论点与论据", ["第1课时 提炼论点", "第2课时 选择论据"]],
      ["第二单元 论证方法", ["第3课时 举例论证", "第4课时 对比论证"]],
    ],
  },
];

const design = (c: CoursePlan) =>
  `<h3>教学目标</h3><p>${c.intro}</p><h3>教学重难点</h3><ul><li>重点：${c.units[0]![0].replace(/^第.单元 /, "")}</li><li>难点：${c.units[1]![0].replace(/^第.单元 /, "")}</li></ul><h3>教学过程</h3><ol><li>情境导入，激发兴趣</li><li>自主探究，合作交流</li><li>展示点评，归纳提升</li><li>当堂检测，布置作业</li></ol>`;
const summary = (c: CoursePlan) =>
  `<p>本课围绕《${c.name}》展开，学生参与度高，小组合作充分。</p><p><strong>反思：</strong>个别环节时间偏紧，下次可适当压缩导入，留出更多时间进行当堂练习与反馈。</p>`;

export async function seedResourceDemo(d: FrontDemoDeps): Promise<{ videos: DemoVideo[] }> {
  const db = d.db;
  const users = new Map<string, Caller>();
  const rows = await db
    .select()
    .from(account)
    .where(inArray(account.username, ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi", "xiaoji"]));
  for (const r of rows) users.set(r.username, r);
  if (users.size < 5) return { videos: [] };

  // The clips: made once (a second run finds them by name).
  const videos: DemoVideo[] = [];
  const existing = await db
    .select({ id: video.id, account_id: video.account_id, name: video.name, subject_id: video.subject_id })
    .from(video)
    .where(
      inArray(
        video.name,
        CLIPS.map((c) => `${c.name}${SUFFIX}`),
      ),
    );
  if (existing.length === CLIPS.length) {
    for (const c of CLIPS) videos.push(existing.find((v) => v.name === `${c.name}${SUFFIX}`)!);
  } else {
    const tmp = path.join(d.dataDir, "tmp");
    await mkdir(tmp, { recursive: true });
    const dir = await mkdtemp(path.join(tmp, "resource-demo-"));
    try {
      const files = await demoClips(d.ffmpeg, dir);
      for (const [i, c] of CLIPS.entries()) {
        const u = users.get(c.user)!;
        const name = `${c.name}${SUFFIX}`;
        const f = await d.files.adopt(u.id, files[i]!, `${c.name}.mp4`, "chunk");
        const v = await d.videos.save(u, { file_id: f.id, name, period_id: u.period_id, subject_id: u.subject_id, grade_config_id: 0 });
        videos.push({ id: v.id, account_id: u.id, name, subject_id: v.subject_id });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  // The courses: once (the first course's name marks them).
  const [done] = await db
    .select({ id: courseResource.id })
    .from(courseResource)
    .where(and(eq(courseResource.name, COURSES[0]!.name), eq(courseResource.account_id, users.get("zhanglaoshi")!.id)));
  if (done) return { videos };

  const service = new ResourceService({ db, org: new OrgService(db), files: d.files, videos: d.videos });
  const xiaoji = users.get("xiaoji")!;
  const [senior] = await db
    .select()
    .from(period)
    .where(and(eq(period.school_id, xiaoji.school_id), eq(period.name, "高中")));
  let lessonForPdf = 0;
  const logs: (typeof resourceViewLog.$inferInsert)[] = [];
  const now = Date.now();
  for (const [ci, c] of COURSES.entries()) {
    const u = users.get(c.user)!;
    let subjectId: number | undefined;
    if (c.senior && senior)
      subjectId = (
        await db
          .select({ id: subject.id })
          .from(subject)
          .where(and(eq(subject.period_id, senior.id), eq(subject.name, c.senior)))
      )[0]?.id;
    const course = await service.save(u, {
      name: c.name,
      pid: 0,
      course_type: c.type,
      color: c.color,
      cover_url: "",
      course_introduce: c.intro,
      teaching_design: design(c),
      teaching_summary: summary(c),
      subject_id: subjectId,
    });
    const lessons: number[] = [];
    for (const [unitName, lessonNames] of c.units) {
      const unit = await service.save(u, { name: unitName, pid: course.id, course_introduce: `${c.name}·${unitName.replace(/^第.单元 /, "")}` });
      for (const ln of lessonNames) {
        const lesson = await service.save(u, { name: ln, pid: unit.id, teaching_design: `<p>${ln}：${c.intro.slice(0, 30)}……</p>` });
        lessons.push(lesson.id);
      }
    }
    if (c.clip !== undefined) {
      const v = videos[c.clip]!;
      await service.bind(u, { id: lessons[0]!, resources_id: v.id, resources_type: 1 });
      // A second clip of the same author on the third lesson where there is one.
      const other = videos.find((x, k) => k !== c.clip && x.account_id === v.account_id);
      if (other && ci < 4) await service.bind(u, { id: lessons[2]!, resources_id: other.id, resources_type: 1 });
    }
    if (ci === 2) lessonForPdf = lessons[1]!;
    if (!c.draft) {
      await service.update(u, { id: course.id, status: 1 }, new Set(["status"]));
      await db
        .update(courseResource)
        .set({ view_count: c.views, created_at: new Date(now - (COURSES.length - ci) * 86_400_000) })
        .where(eq(courseResource.id, course.id));
      for (let k = 0; k < Math.min(c.views, 8); k++) {
        logs.push({
          target_type: 2,
          target_id: course.id,
          account_id: 0,
          school_id: course.school_id,
          period_id: course.period_id,
          created_at: new Date(now - k * 3600_000),
        });
      }
      if (c.clip !== undefined) {
        const v = videos[c.clip]!;
        for (let k = 0; k < 2 + ((ci * 3) % 7); k++) {
          logs.push({
            target_type: 1,
            target_id: v.id,
            account_id: 0,
            school_id: course.school_id,
            period_id: course.period_id,
            duration: 4,
            created_at: new Date(now - k * 5400_000),
          });
        }
      }
    }
  }
  // A document: a small PDF 学案 of 李老师 bound to a lesson of 勾股定理.
  if (lessonForPdf) {
    const li = users.get("lilaoshi")!;
    const tmp = path.join(d.dataDir, "tmp");
    await mkdir(tmp, { recursive: true });
    const file = path.join(tmp, `resource-demo-${process.pid}-${Date.now()}.pdf`);
    await writeFile(file, tinyPdf("Pythagorean theorem - worksheet"));
    try {
      const f = await d.files.adopt(li.id, file, "勾股定理课前学案.pdf", "document");
      await service.bind(li, { id: lessonForPdf, resources_id: f.id, resources_type: 2 });
    } finally {
      await rm(file, { force: true });
    }
  }
  if (logs.length) await db.insert(resourceViewLog).values(logs);
  return { videos };
}
