/**
 * The discussion of a preparation (c250 preparationDiscuss, c251 preparationDiscussList, c263 delPreparationMsg;
 * community.md §3 Discussion message, §5, §6) and the statistics (c247) over the real wire. The statistics are
 * compared with counts derived from the rows the test made.
 */
import { CALLS, type DiscussMessage, type DiscussPage, type PreparationDetail, type PreparationStatistics } from "@yanke/protocol";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityLog } from "../src/modules/community/community.schema.js";
import { discussComment } from "../src/modules/discuss/discuss.schema.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { lessonDoc, lessonDocVersion } from "../src/modules/lessonplan/lessonplan.schema.js";
import { preparation, preparationMember } from "../src/modules/preparation/preparation.schema.js";
import { DAY, HOUR, type Kit, insertCommunity, startKit, wire } from "./activity-kit.js";

let k: Kit;
let A = 0;
let school = 0;
const P = CALLS;
const anon = <T = unknown>(path: string, payload: Record<string, unknown>) => k.s.call<T>(path, payload);

async function image(user: string, name: string, extra: Partial<typeof storedFile.$inferInsert> = {}): Promise<string> {
  const ext = name.split(".").pop()!;
  const [row] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/discuss/${Math.random()}/${name}`,
      real_file_name: name,
      file_type: ext,
      kind: "image",
      mime: `image/${ext}`,
      size: 2048,
      sha256: "x",
      module: "comment",
      is_public: true,
      account_id: k.id[user]!,
      ...extra,
    })
    .returning({ id: storedFile.id });
  return `/files/${row!.id}`;
}

async function create(user: string, extra: Record<string, unknown> = {}): Promise<PreparationDetail> {
  return k.ok<PreparationDetail>(
    P.preparationSave,
    { theme: "研讨测试", community_id: A, open_model: 1, start_time: wire(new Date(Date.now() - HOUR)), end_time: wire(new Date(Date.now() + DAY)), ...extra },
    user,
  );
}

beforeAll(async () => {
  k = await startKit();
  school = k.who.xiaoji!.school_id;
  // zhang owner, li member; wang and zhao outside.
  A = await insertCommunity(k.db, { name: "研讨测试社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], school_id: school });
});

afterAll(async () => {
  await k?.s.close();
});

describe("preparationDiscuss / preparationDiscussList / delPreparationMsg", () => {
  it("threads messages, checks content and images, lets only the author delete", async () => {
    const p = await create("zhanglaoshi", { accountIds: [k.id.lilaoshi] });
    const img = await image("lilaoshi", "板书.png");
    const first = await k.ok<DiscussMessage>(
      P.preparationDiscuss,
      { preparation_id: p.id, content: "教学目标是否过多？", content_img: [img], target_id: 3, wps_file_key: "12" },
      "lilaoshi",
    );
    expect(first).toMatchObject({
      pid: 0,
      content: "教学目标是否过多？",
      content_img: [img],
      reply_person: 0,
      target_id: 3,
      wps_file_key: "12",
      account: { id: k.id.lilaoshi, realname: "李老师" },
      account_id: k.id.lilaoshi,
      identity: 2,
      identity_name: "教师",
      reputation: "一级教师",
      deleted: false,
      can_delete: true,
      children: [],
    });
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const reply = await k.ok<DiscussMessage>(P.preparationDiscuss, { preparation_id: p.id, pid: first.id, content: "建议合并为三条" }, "zhanglaoshi");
    expect(reply).toMatchObject({ pid: first.id, reply_person: k.id.lilaoshi, reply_person_name: "李老师" });
    const deeper = await k.ok<DiscussMessage>(
      P.preparationDiscuss,
      { preparation_id: p.id, pid: reply.id, content: "同意", reply_person: k.id.zhanglaoshi },
      "lilaoshi",
    );
    // Only an image: fine (the image as a comma list).
    const second = await k.ok<DiscussMessage>(P.preparationDiscuss, { preparation_id: p.id, content: "  ", content_img: img }, "lilaoshi");
    expect(second.content).toBe("");
    // The community owner (not the author of the preparation's discussion) may discuss; a community member too.
    await k.ok(P.preparationDiscuss, { preparation_id: p.id, content: "社区成员的意见" }, "zhanglaoshi");

    // §5 refusals.
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "" }, "lilaoshi", 400, "请先输入内容");
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "   ", content_img: [] }, "lilaoshi", 400, "请先输入内容");
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "看我的图" }, "zhaolaoshi", 403, "请先加入空间后评论！");
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "看我的图" }, "wanglaoshi", 403, "请先加入空间后评论！");
    expect((await anon(P.preparationDiscuss, { preparation_id: p.id, content: "匿名" })).code).toBe(1025);
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content_img: [await image("zhanglaoshi", "别人的.png")] }, "lilaoshi", 400, /不是您上传的/);
    await k.refused(
      P.preparationDiscuss,
      { preparation_id: p.id, content_img: [await image("lilaoshi", "动图.gif")] },
      "lilaoshi",
      400,
      "评论图片只能是 png、jpg 或 jpeg 格式",
    );
    await k.refused(
      P.preparationDiscuss,
      { preparation_id: p.id, content_img: [await image("lilaoshi", "超大.jpg", { size: 100 * 1024 * 1024 + 1 })] },
      "lilaoshi",
      400,
      "上传文件大小限制：100MB",
    );
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content_img: ["https://example.com/x.png"] }, "lilaoshi", 400, /本人上传的图片/);
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "x", pid: 999999 }, "lilaoshi", 400, /该条研讨不存在/);
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "x", reply_person: 999999 }, "lilaoshi", 400, "回复对象不存在");
    await k.refused(P.preparationDiscuss, { preparation_id: 999999, content: "x" }, "lilaoshi", 404);
    await k.refused(P.preparationDiscuss, { content: "x" }, "lilaoshi", 400, /集体备课id/);
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "x".repeat(5001) }, "lilaoshi", 400, /研讨内容/);

    // The list: threads newest first with their replies; anonymous visitors read a public one, read-only.
    const page = await k.ok<DiscussPage>(P.preparationDiscussList, { preparation_id: p.id }, "lilaoshi");
    expect(page).toMatchObject({ total: 3, count: 5, status: 1, page: 1 });
    const thread = page.list.find((m) => m.id === first.id)!;
    expect(thread.children.map((c) => c.id)).toEqual([reply.id]);
    expect(thread.children[0]!.children.map((c) => c.id)).toEqual([deeper.id]);
    expect(page.list[0]!.id).toBeGreaterThan(page.list[1]!.id);
    const guest = await anon<DiscussPage>(P.preparationDiscussList, { preparation_id: p.id });
    expect(guest.data.status).toBe(2);
    expect(guest.data.list.every((m) => !m.can_delete)).toBe(true);
    expect((await k.ok<DiscussPage>(P.preparationDiscussList, { preparation_id: p.id, target_id: 3 }, "zhaolaoshi")).list.map((m) => m.id)).toEqual([first.id]);
    expect((await k.ok<DiscussPage>(P.preparationDiscussList, { preparation_id: p.id, wps_file_key: "12" }, "zhaolaoshi")).total).toBe(1);
    expect((await k.ok<DiscussPage>(P.preparationDiscussList, { preparation_id: p.id, limit: 1, page: 2 }, "zhaolaoshi")).list).toHaveLength(1);
    expect((await k.ok<PreparationDetail>(P.preparationDetail, { id: p.id }, "lilaoshi")).discuss_count).toBe(5);

    // Delete: the author only; the replies stay under the deleted message.
    await k.refused(P.delPreparationMsg, { id: first.id }, "zhanglaoshi", 403, "只有研讨的作者可以删除该条研讨");
    await k.refused(P.delPreparationMsg, { id: 999999 }, "lilaoshi", 404, "该条研讨不存在或已删除");
    await k.refused(P.delPreparationMsg, { id: "x" }, "lilaoshi", 400, /研讨编号/);
    expect(await k.ok(P.delPreparationMsg, { id: first.id }, "lilaoshi")).toEqual({ id: first.id });
    await k.refused(P.delPreparationMsg, { id: first.id }, "lilaoshi", 404);
    const [row] = await k.db.select().from(discussComment).where(eq(discussComment.id, first.id));
    expect(row!.deleted_at).not.toBeNull();
    const after = await k.ok<DiscussPage>(P.preparationDiscussList, { preparation_id: p.id }, "lilaoshi");
    const shell = after.list.find((m) => m.id === first.id)!;
    expect(shell).toMatchObject({ deleted: true, content: "该条研讨已删除", content_img: [], can_delete: false });
    expect(shell.children.map((c) => c.id)).toEqual([reply.id]);
    expect(after.count).toBe(4);
    // A deleted message without replies is left out.
    await k.ok(P.delPreparationMsg, { id: second.id }, "lilaoshi");
    const last = await k.ok<DiscussPage>(P.preparationDiscussList, { preparation_id: p.id }, "lilaoshi");
    expect(last.list.map((m) => m.id)).not.toContain(second.id);
    expect(last.total).toBe(2);
    // Replying to a deleted message is refused.
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, pid: second.id, content: "x" }, "zhanglaoshi", 400, /该条研讨不存在/);
    const logs = await k.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.target_id, p.id), eq(communityLog.community_id, A)));
    expect(logs.filter((l) => l.action === "preparation.discuss")).toHaveLength(5);
    expect(logs.filter((l) => l.action === "preparation.discuss_delete")).toHaveLength(2);
  });

  it("a 仅参与人 preparation's discussion is closed to outsiders", async () => {
    const p = await create("zhanglaoshi", { theme: "仅参与人研讨", open_model: 3 });
    expect((await anon(P.preparationDiscussList, { preparation_id: p.id })).code).toBe(403);
    await k.refused(P.preparationDiscussList, { preparation_id: p.id }, "zhaolaoshi", 403, "无权查看该集体备课");
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "x" }, "zhaolaoshi", 403, "请先加入空间后评论！");
    // A community member who is not a participant cannot see a 仅参与人 preparation either.
    await k.refused(P.preparationDiscuss, { preparation_id: p.id, content: "x" }, "lilaoshi", 403);
    expect((await k.ok<DiscussPage>(P.preparationDiscussList, { preparation_id: p.id }, "zhanglaoshi")).status).toBe(1);
  });
});

describe("preparationStatistics (c247)", () => {
  it("matches the counts derived from the rows of a community", async () => {
    const S = await insertCommunity(k.db, { name: "统计测试社区", owner: k.id.wanglaoshi!, members: [k.id.zhanglaoshi!, k.id.lilaoshi!], school_id: school });
    const now = Date.now();
    const at = (days: number, hours: number) => ({ start_time: wire(new Date(now + days * DAY)), end_time: wire(new Date(now + days * DAY + hours * HOUR)) });
    const made = [
      await k.ok<PreparationDetail>(
        P.preparationSave,
        { theme: "统计一", community_id: S, subject_id: 11, accountIds: [k.id.zhanglaoshi], ...at(-70, 2) },
        "wanglaoshi",
      ),
      await k.ok<PreparationDetail>(
        P.preparationSave,
        { theme: "统计二", community_id: S, subject_id: 11, accountIds: [k.id.lilaoshi, k.id.zhanglaoshi], ...at(-1, 48) },
        "wanglaoshi",
      ),
      await k.ok<PreparationDetail>(P.preparationSave, { theme: "统计三", community_id: S, subject_id: 12, open_model: 1, ...at(0.1, 2) }, "zhanglaoshi"),
      await k.ok<PreparationDetail>(P.preparationSave, { theme: "统计四", community_id: S, open_model: 3, ...at(-400, 2) }, "lilaoshi"),
    ];
    const ids = made.map((m) => m.id);
    // Plans with versions (one deleted plan not counted), messages (one deleted), files, likes.
    const [d1] = await k.db
      .insert(lessonDoc)
      .values({ preparation_id: ids[0]!, title: "教案一", created_by: k.id.wanglaoshi! })
      .returning({ id: lessonDoc.id });
    const [d2] = await k.db
      .insert(lessonDoc)
      .values({ preparation_id: ids[1]!, title: "教案二", created_by: k.id.wanglaoshi! })
      .returning({ id: lessonDoc.id });
    await k.db.insert(lessonDoc).values({ preparation_id: ids[1]!, title: "删掉的教案", created_by: k.id.wanglaoshi!, deleted_at: new Date() });
    await k.db.insert(lessonDocVersion).values([
      { doc_id: d1!.id, name: "v1", state: new Uint8Array([1]), created_by: k.id.wanglaoshi! },
      { doc_id: d1!.id, name: "v2", state: new Uint8Array([1]), created_by: k.id.wanglaoshi! },
      { doc_id: d2!.id, name: "v1", state: new Uint8Array([1]), created_by: k.id.wanglaoshi! },
    ]);
    const m1 = await k.ok<DiscussMessage>(P.preparationDiscuss, { preparation_id: ids[0], content: "一" }, "zhanglaoshi");
    await k.ok(P.preparationDiscuss, { preparation_id: ids[1], content: "二" }, "lilaoshi");
    await k.ok(P.preparationDiscuss, { preparation_id: ids[1], content: "三" }, "wanglaoshi");
    await k.ok(P.delPreparationMsg, { id: m1.id }, "zhanglaoshi");
    const f = await k.db
      .insert(storedFile)
      .values({
        storage_key: `test/stat/${Math.random()}`,
        real_file_name: "统计.docx",
        file_type: "docx",
        kind: "office",
        mime: "x",
        size: 10,
        sha256: "x",
        module: "document",
        account_id: k.id.wanglaoshi!,
      })
      .returning({ id: storedFile.id });
    await k.ok(P.preparationFileSave, { preparation_id: ids[0], fileArr: [{ file_id: f[0]!.id }] }, "wanglaoshi");
    await k.ok(P.preparationLikeNums, { id: ids[0] }, "lilaoshi");
    await k.ok(P.preparationLikeNums, { id: ids[1] }, "lilaoshi");

    // What the owner of S sees (all four) against the rows.
    const st = await k.ok<PreparationStatistics>(P.preparationStatistics, { community_id: S }, "wanglaoshi");
    const rows = await k.db.select().from(preparation).where(eq(preparation.community_id, S));
    const t = new Date();
    const members = await k.db.select().from(preparationMember);
    const mine = members.filter((m) => ids.includes(m.preparation_id));
    const docs = (await k.db.select().from(lessonDoc).where(isNull(lessonDoc.deleted_at))).filter((d) => ids.includes(d.preparation_id));
    const versions = (await k.db.select().from(lessonDocVersion)).filter((v) => docs.some((d) => d.id === v.doc_id));
    const messages = (
      await k.db
        .select()
        .from(discussComment)
        .where(and(eq(discussComment.target_type, "preparation"), isNull(discussComment.deleted_at)))
    ).filter((m) => ids.includes(m.ref_id));
    expect(st.scope).toBe("community");
    expect(st.scope_name).toBe("统计测试社区");
    expect(st.totals).toEqual({
      count: rows.length,
      upcoming: rows.filter((r) => r.start_time > t).length,
      running: rows.filter((r) => r.start_time <= t && r.end_time >= t).length,
      ended: rows.filter((r) => r.end_time < t).length,
      participants: new Set(mine.map((m) => m.account_id)).size,
      plans: docs.length,
      versions: versions.length,
      messages: messages.length,
      files: 1,
      likes: 2,
    });
    expect(st.totals).toMatchObject({ count: 4, upcoming: 1, running: 1, ended: 2, participants: 3, plans: 2, versions: 3, messages: 2 });
    // By month: the last 12 months (Asia/Shanghai), the one 400 days ago outside.
    expect(st.months).toHaveLength(12);
    const monthOf = (d: Date) => new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 7);
    const expected = new Map<string, number>();
    for (const r of rows)
      if (st.months.some((m) => m.month === monthOf(r.start_time))) expected.set(monthOf(r.start_time), (expected.get(monthOf(r.start_time)) ?? 0) + 1);
    for (const m of st.months) expect(m.count, m.month).toBe(expected.get(m.month) ?? 0);
    // The one 400 days ago lies outside the 12 months.
    expect(st.months.reduce((a, m) => a + m.count, 0)).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    expect(st.months.some((m) => m.month === monthOf(rows.find((r) => r.theme === "统计四")!.start_time))).toBe(false);
    expect(st.months[11]!.month).toBe(monthOf(t));
    expect(st.subjects.map((s) => [s.subject_id, s.count])).toEqual([
      [11, 2],
      [0, 1],
      [12, 1],
    ]);
    expect(st.verify).toEqual([
      { verify_status: 0, name: "待审核", count: 0 },
      { verify_status: 1, name: "已通过", count: 4 },
      { verify_status: 2, name: "未通过", count: 0 },
    ]);
    // An outsider counts only what he may see: the 公开 one (社区内 and 仅参与人 are left out, decision 0802).
    const out = await k.ok<PreparationStatistics>(P.preparationStatistics, { community_id: S }, "zhaolaoshi");
    expect(out.totals.count).toBe(1);
    // A teacher without community_id: his own (created or joined) everywhere.
    const li = await k.ok<PreparationStatistics>(P.preparationStatistics, {}, "lilaoshi");
    const liIds = new Set([
      ...(await k.db.select().from(preparationMember).where(eq(preparationMember.account_id, k.id.lilaoshi!))).map((m) => m.preparation_id),
    ]);
    expect(li.scope).toBe("self");
    expect(li.totals.count).toBe(liIds.size);
    // The school administrator: the preparations of his school.
    const sch = await k.ok<PreparationStatistics>(P.preparationStatistics, {}, "xiaoji");
    const ofSchool = await k.db.select({ id: preparation.id }).from(preparation).where(eq(preparation.school_id, school));
    expect(sch).toMatchObject({ scope: "school" });
    expect(sch.totals.count).toBe(ofSchool.length);
    const all = await k.ok<PreparationStatistics>(P.preparationStatistics, {}, "pingtai");
    expect(all.scope).toBe("platform");
    expect(all.totals.count).toBe((await k.db.select({ id: preparation.id }).from(preparation)).length);
    await k.refused(P.preparationStatistics, { community_id: 999999 }, "wanglaoshi", 404);
    await k.refused(P.preparationStatistics, { community_id: "abc" }, "wanglaoshi", 400, /社区/);
    expect((await anon(P.preparationStatistics, {})).code).toBe(1025);
    // A hidden community's statistics are refused to outsiders.
    const H = await insertCommunity(k.db, { name: "统计隐藏社区", owner: k.id.wanglaoshi!, is_display: 0, school_id: school });
    await k.refused(P.preparationStatistics, { community_id: H }, "zhaolaoshi", 403);
  });
});
