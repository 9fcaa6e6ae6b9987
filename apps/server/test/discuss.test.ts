/**
 * The generic discussion calls c315–c320 (/v2/discuss_comment; docs/api/discuss.md, docs/decisions/0920) over the
 * real wire, for the three kinds (preparation, listen record, after-class reflection), the live push of every write
 * through a real socket bound to the target's group, and DiscussService's push rules (after the commit; a failing
 * publisher never fails the write).
 */
import {
  CALLS,
  type DiscussDeleteAnswer,
  type DiscussExpandAnswer,
  type DiscussIndexAnswer,
  type DiscussLikeAnswer,
  type DiscussMessage,
  type DiscussPage,
  type LiveMessage,
} from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { afterClass } from "../src/modules/afterclass/afterclass.schema.js";
import { communityLog } from "../src/modules/community/community.schema.js";
import { discussComment, discussLike } from "../src/modules/discuss/discuss.schema.js";
import { DiscussService } from "../src/modules/discuss/discuss.service.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { listenTarget } from "../src/modules/listen/listen.schema.js";
import type { Caller } from "../src/modules/org/period.service.js";
import { type Kit, insertCommunity, startKit } from "./activity-kit.js";
import { insertListen } from "./listen-kit.js";
import { insertPreparation } from "./prepare-kit.js";

let k: Kit;
let A = 0;
let prep = 0;
let listen = 0;
let ac = 0;
let tpk = 0;
const P = CALLS;
const anon = <T = unknown>(path: string, payload: Record<string, unknown>) => k.s.call<T>(path, payload);

async function image(user: string, name: string, extra: Partial<typeof storedFile.$inferInsert> = {}): Promise<string> {
  const ext = name.split(".").pop()!;
  const [row] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/dc/${Math.random()}/${name}`,
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

beforeAll(async () => {
  k = await startKit();
  const school = k.who.xiaoji!.school_id;
  // zhang owns A, li is a member; wang (same school) and zhao (other school) are outside.
  A = await insertCommunity(k.db, { name: "研讨面板社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], school_id: school });
  prep = await insertPreparation(k.db, {
    theme: "研讨备课",
    author: k.id.zhanglaoshi!,
    members: [k.id.lilaoshi!],
    community_id: A,
    school_id: school,
    open_model: 2,
  });
  listen = await insertListen(k.db, {
    name: "研讨听课",
    organiser: k.id.zhanglaoshi!,
    evaluators: [k.id.lilaoshi!],
    community_id: A,
    school_id: school,
    open_model: 3,
  });
  const [r] = await k.db
    .insert(afterClass)
    .values({ title: "研讨反思", account_id: k.id.lilaoshi!, community_id: A, school_id: school })
    .returning({ id: afterClass.id });
  ac = r!.id;
  const [t] = await k.db.insert(listenTarget).values({ name: "研讨测试维度", school_id: 0 }).returning({ id: listenTarget.id });
  tpk = t!.id;
});

afterAll(async () => {
  await k?.s.close();
});

describe("discuss_comment save (c315) / list (c317) / index (c318)", () => {
  it("writes on each kind, threads, answers video_time and the listen target, and reads back", async () => {
    const img = await image("lilaoshi", "板书.jpg");
    const onPrep = await k.ok<DiscussMessage>(P.discussSave, { preparation_id: prep, content: "备课研讨", content_img: [img] }, "lilaoshi");
    expect(onPrep).toMatchObject({
      pid: 0,
      content: "备课研讨",
      content_img: [img],
      account_id: k.id.lilaoshi,
      video_time: null,
      is_like: false,
      like_count: 0,
      expand_status: 1,
      can_delete: true,
      children: [],
    });
    const late = await k.ok<DiscussMessage>(
      P.discussSave,
      { reservation_record_id: listen, content: "第 95 秒的提问很好", video_time: 95.5, target_id: tpk },
      "lilaoshi",
    );
    expect(late).toMatchObject({ video_time: 95.5, target_id: tpk });
    const early = await k.ok<DiscussMessage>(P.discussSave, { reservation_record_id: listen, content: "导入环节", video_time: "12" }, "zhanglaoshi");
    expect(early.video_time).toBe(12);
    const reply = await k.ok<DiscussMessage>(P.discussSave, { reservation_record_id: listen, pid: late.id, content: "同意" }, "zhanglaoshi");
    expect(reply).toMatchObject({ pid: late.id, reply_person: k.id.lilaoshi, reply_person_name: "李老师" });
    const onAc = await k.ok<DiscussMessage>(P.discussSave, { after_class_id: ac, content: "反思很深入" }, "zhanglaoshi");

    // Read back: threads (newest first) with replies nested; by video_time for the review timeline.
    const page = await k.ok<DiscussPage>(P.discussList, { reservation_record_id: listen }, "lilaoshi");
    expect(page).toMatchObject({ total: 2, count: 3, status: 1 });
    expect(page.list.map((m) => m.id)).toEqual([early.id, late.id]);
    expect(page.list[1]!.children.map((m) => m.id)).toEqual([reply.id]);
    const timeline = await k.ok<DiscussPage>(P.discussList, { reservation_record_id: listen, order: "video_time" }, "lilaoshi");
    expect(timeline.list.map((m) => m.video_time)).toEqual([12, 95.5]);
    const tagged = await k.ok<DiscussPage>(P.discussList, { reservation_record_id: listen, target_id: tpk }, "lilaoshi");
    expect(tagged.list.map((m) => m.id)).toEqual([late.id]);
    expect((await k.ok<DiscussPage>(P.discussList, { preparation_id: prep }, "zhanglaoshi")).list.map((m) => m.id)).toEqual([onPrep.id]);
    expect((await k.ok<DiscussPage>(P.discussList, { after_class_id: ac }, "lilaoshi")).list.map((m) => m.id)).toEqual([onAc.id]);
    const [row] = await k.db.select().from(discussComment).where(eq(discussComment.id, late.id));
    expect(row).toMatchObject({ target_type: "listen", ref_id: listen, community_id: A, video_time: 95.5, target_id: tpk });
    // Community log per kind.
    const logs = await k.db.select().from(communityLog).where(eq(communityLog.community_id, A));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(["preparation.discuss", "discuss.listen", "after_class.comment"]));

    // c318: the panel's state.
    const idx = await k.ok<DiscussIndexAnswer>(P.discussIndex, { reservation_record_id: listen }, "lilaoshi");
    expect(idx).toMatchObject({
      kind: "listen",
      ref_id: listen,
      title: "研讨听课",
      community_id: A,
      status: 1,
      count: 3,
      threads: 2,
      participants: 2,
      can_manage: false,
      chat_key: "TPK",
      group: `listen:${listen}`,
    });
    expect(idx.targets).toContainEqual({ id: tpk, name: "研讨测试维度" });
    const acIdx = await k.ok<DiscussIndexAnswer>(P.discussIndex, { after_class_id: ac }, "wanglaoshi");
    // wang sees the reflection (the community shows its content) but has not joined: read-only, no tags.
    expect(acIdx).toMatchObject({ kind: "after_class", status: 2, count: 1, chat_key: "", targets: [], group: `after_class:${ac}` });
    expect((await k.ok<DiscussIndexAnswer>(P.discussIndex, { preparation_id: prep }, "zhanglaoshi")).can_manage).toBe(true);
    expect((await k.ok<DiscussPage>(P.discussList, { after_class_id: ac }, "wanglaoshi")).status).toBe(2);
  });

  it("refuses bad input, outsiders and missing targets in Chinese", async () => {
    await k.refused(P.discussSave, { after_class_id: ac, content: "  " }, "lilaoshi", 400, "请先输入内容");
    await k.refused(P.discussSave, { content: "没有对象" }, "lilaoshi", 400, /请指定研讨对象/);
    await k.refused(P.discussSave, { preparation_id: prep, after_class_id: ac, content: "两个对象" }, "lilaoshi", 400, /请指定研讨对象/);
    await k.refused(P.discussSave, { after_class_id: ac, content: "外人" }, "wanglaoshi", 403, "请先加入空间后评论！");
    await k.refused(P.discussSave, { preparation_id: prep, content: "外人" }, "zhaolaoshi", 403, "请先加入空间后评论！");
    await k.refused(P.discussSave, { reservation_record_id: listen, content: "x", target_id: 999999 }, "lilaoshi", 400, "听课维度不存在或已停用");
    await k.refused(P.discussSave, { reservation_record_id: listen, content: "x", video_time: -1 }, "lilaoshi", 400, /视频时间不能为负数/);
    await k.refused(
      P.discussSave,
      { after_class_id: ac, content_img: [await image("lilaoshi", "动图.gif")] },
      "lilaoshi",
      400,
      "评论图片只能是 png、jpg 或 jpeg 格式",
    );
    await k.refused(
      P.discussSave,
      { after_class_id: ac, content_img: [await image("lilaoshi", "大.png", { size: 100 * 1024 * 1024 + 1 })] },
      "lilaoshi",
      400,
      "上传文件大小限制：100MB",
    );
    await k.refused(P.discussSave, { after_class_id: 999999, content: "x" }, "lilaoshi", 404);
    await k.refused(P.discussSave, { reservation_record_id: 999999, content: "x" }, "lilaoshi", 404);
    expect((await anon(P.discussSave, { after_class_id: ac, content: "匿名" })).code).toBe(1025);
    // A private listen record (仅参与人) is hidden from wang: no list, no index.
    await k.refused(P.discussList, { reservation_record_id: listen }, "wanglaoshi", 403, /无权查看/);
    await k.refused(P.discussIndex, { reservation_record_id: listen }, "wanglaoshi", 403, /无权查看/);
    await k.refused(P.discussList, { reservation_record_id: listen, order: "oldest" }, "lilaoshi", 400, /newest 或 video_time/);
    expect((await anon(P.discussList, { reservation_record_id: listen })).code).toBe(403);
  });
});

describe("setExpandStatus (c316) / delete (c319) / likeNums (c320)", () => {
  it("folds by the author or a manager, deletes by the author only (children stay)", async () => {
    const root = await k.ok<DiscussMessage>(P.discussSave, { after_class_id: ac, content: "要折叠的讨论" }, "lilaoshi");
    const child = await k.ok<DiscussMessage>(P.discussSave, { after_class_id: ac, pid: root.id, content: "回复" }, "zhanglaoshi");
    expect(await k.ok<DiscussExpandAnswer>(P.discussSetExpandStatus, { id: root.id, expand_status: 0 }, "lilaoshi")).toEqual({ id: root.id, expand_status: 0 });
    // zhang manages community A: he may unfold li's thread; li (the reflection's author) manages its discussion too;
    // wang (who may read it) folds nothing but his own.
    await k.ok(P.discussSetExpandStatus, { id: root.id, expand_status: 1 }, "zhanglaoshi");
    await k.ok(P.discussSetExpandStatus, { id: root.id, expand_status: 0 }, "zhanglaoshi");
    await k.ok(P.discussSetExpandStatus, { id: child.id, expand_status: 1 }, "lilaoshi");
    await k.refused(P.discussSetExpandStatus, { id: child.id, expand_status: 0 }, "wanglaoshi", 403, /作者或管理者/);
    await k.refused(P.discussSetExpandStatus, { id: root.id, expand_status: 2 }, "lilaoshi", 400, /只能是 0（折叠）或 1（展开）/);
    await k.refused(P.discussSetExpandStatus, { id: 999999, expand_status: 1 }, "lilaoshi", 404);
    let page = await k.ok<DiscussPage>(P.discussList, { after_class_id: ac }, "lilaoshi");
    expect(page.list.find((m) => m.id === root.id)!.expand_status).toBe(0);

    await k.refused(P.discussDelete, { id: root.id }, "zhanglaoshi", 403, "只有研讨的作者可以删除该条研讨");
    await k.refused(P.discussDelete, { id: "x" }, "lilaoshi", 400, /研讨编号/);
    expect(await k.ok<DiscussDeleteAnswer>(P.discussDelete, { id: root.id }, "lilaoshi")).toEqual({ id: root.id });
    await k.refused(P.discussDelete, { id: root.id }, "lilaoshi", 404, "该条研讨不存在或已删除");
    page = await k.ok<DiscussPage>(P.discussList, { after_class_id: ac }, "lilaoshi");
    const gone = page.list.find((m) => m.id === root.id)!;
    expect(gone).toMatchObject({ deleted: true, content: "该条研讨已删除", can_delete: false });
    expect(gone.children.map((m) => m.id)).toEqual([child.id]);
    const [row] = await k.db.select().from(discussComment).where(eq(discussComment.id, root.id));
    expect(row!.deleted_at).not.toBeNull();
  });

  it("toggles one like per user, consistent under concurrency", async () => {
    const m = await k.ok<DiscussMessage>(P.discussSave, { preparation_id: prep, content: "点赞我" }, "zhanglaoshi");
    expect(await k.ok<DiscussLikeAnswer>(P.discussLikeNums, { id: m.id }, "lilaoshi")).toEqual({ id: m.id, like_count: 1, is_like: true });
    expect(await k.ok<DiscussLikeAnswer>(P.discussLikeNums, { id: m.id }, "lilaoshi")).toEqual({ id: m.id, like_count: 0, is_like: false });
    // Five toggles at once by one user: an odd number → liked once, never more.
    const all = await Promise.all(Array.from({ length: 5 }, () => k.call<DiscussLikeAnswer>(P.discussLikeNums, { id: m.id }, "zhanglaoshi")));
    expect(all.every((r) => r.code === 200)).toBe(true);
    const likes = await k.db.select().from(discussLike).where(eq(discussLike.comment_id, m.id));
    expect(likes.length).toBeLessThanOrEqual(1);
    const [row] = await k.db.select().from(discussComment).where(eq(discussComment.id, m.id));
    expect(row!.like_count).toBe(likes.length);
    await k.ok(P.discussLikeNums, { id: m.id }, "lilaoshi");
    const page = await k.ok<DiscussPage>(P.discussList, { preparation_id: prep }, "lilaoshi");
    const read = page.list.find((x) => x.id === m.id)!;
    expect(read).toMatchObject({ like_count: likes.length + 1, is_like: true });
    // wang cannot see the community-only preparation: no like.
    await k.refused(P.discussLikeNums, { id: m.id }, "wanglaoshi", 403, /无权查看/);
    await k.refused(P.discussLikeNums, { id: 999999 }, "lilaoshi", 404);
    await k.refused(P.discussLikeNums, {}, "lilaoshi", 400, /研讨编号/);
    const [{ n } = { n: 0 }] = (
      await k.db
        .select()
        .from(discussLike)
        .where(and(eq(discussLike.comment_id, m.id), eq(discussLike.account_id, k.id.lilaoshi!)))
    ).map(() => ({ n: 1 }));
    expect(n).toBe(1);
  });
});

describe("the live push", () => {
  it("pushes every save, like, expand and delete to the sockets bound to the target's group", async () => {
    const ws = new WebSocket(`${k.s.url.replace(/^http/, "ws")}/ws?token=${encodeURIComponent(k.who.zhanglaoshi!.token)}&type=2`);
    const frames: (LiveMessage & { group?: string; client_id?: string })[] = [];
    ws.on("message", (d) => frames.push(JSON.parse(String(d))));
    ws.on("error", () => undefined);
    const wait = async (pred: (f: (typeof frames)[number]) => boolean) => {
      for (let i = 0; i < 100; i++) {
        const f = frames.find(pred);
        if (f) return f;
        await new Promise((r) => setTimeout(r, 30));
      }
      throw new Error(`no frame; got ${JSON.stringify(frames.filter((f) => f.type !== "ping"))}`);
    };
    try {
      const init = await wait((f) => f.type === "init");
      const group = `after_class:${ac}`;
      const r = await fetch(k.s.url + P.workmanBind, {
        method: "POST",
        headers: { "content-type": "application/json", token: k.who.zhanglaoshi!.token },
        body: JSON.stringify({ client_id: init.client_id, uid: k.id.zhanglaoshi, group, ws_type: 2 }),
      });
      expect(((await r.json()) as { code: number }).code).toBe(200);

      const msg = await k.ok<DiscussMessage>(P.discussSave, { after_class_id: ac, content: "实时推送" }, "lilaoshi");
      const saved = await wait((f) => f.type === "discuss.save");
      expect(saved).toMatchObject({ group, data: { id: msg.id, content: "实时推送", account_id: k.id.lilaoshi } });
      await k.ok(P.discussLikeNums, { id: msg.id }, "zhanglaoshi");
      expect(await wait((f) => f.type === "discuss.like")).toMatchObject({
        group,
        data: { id: msg.id, like_count: 1, is_like: true, account_id: k.id.zhanglaoshi },
      });
      await k.ok(P.discussSetExpandStatus, { id: msg.id, expand_status: 0 }, "lilaoshi");
      expect(await wait((f) => f.type === "discuss.expand")).toMatchObject({ group, data: { id: msg.id, expand_status: 0 } });
      await k.ok(P.discussDelete, { id: msg.id }, "lilaoshi");
      expect(await wait((f) => f.type === "discuss.delete")).toMatchObject({ group, data: { id: msg.id, pid: 0, target_type: "after_class", ref_id: ac } });
      // c310 (the after-class comment) goes through the same service: pushed too.
      const c310 = await k.ok<DiscussMessage>(P.afterClassComment, { after_class_id: ac, content: "课后评论" }, "lilaoshi");
      expect(await wait((f) => f.type === "discuss.save" && (f.data as { id: number }).id === c310.id)).toBeTruthy();
      // A message on another target is not pushed to this group.
      await k.ok(P.discussSave, { preparation_id: prep, content: "别的分组" }, "lilaoshi");
      await new Promise((r) => setTimeout(r, 200));
      expect(frames.filter((f) => f.type === "discuss.save").every((f) => f.group === group)).toBe(true);
    } finally {
      ws.terminate();
    }
  });

  it("DiscussService publishes after the commit, and a failing publisher does not fail the write", async () => {
    const caller: Caller = { id: k.id.lilaoshi!, identity: 2, school_id: 0, region_code: "", period_id: 0 };
    const seen: { type: string; group: string; stored: boolean }[] = [];
    const files = { signedPath: (id: number) => `/files/${id}?signed` };
    const watching = new DiscussService(k.db, files, () => new Date(), {
      publish: async (group, m) => {
        const id = (m.data as { id: number }).id;
        // Runs outside the transaction: the row is visible (inside it, PGlite's single connection would wait forever).
        const [row] = await k.db.select({ id: discussComment.id }).from(discussComment).where(eq(discussComment.id, id));
        seen.push({ type: m.type, group, stored: Boolean(row) });
      },
    });
    const m = await watching.save(caller, { target_type: "after_class", ref_id: ac, community_id: A, content: "提交后推送", video_time: 3 });
    expect(seen).toEqual([{ type: "discuss.save", group: `after_class:${ac}`, stored: true }]);
    expect(m.video_time).toBe(3);
    // A failing save publishes nothing.
    await expect(watching.save(caller, { target_type: "after_class", ref_id: ac, community_id: A, content: "" })).rejects.toThrow("请先输入内容");
    expect(seen.length).toBe(1);

    const broken = new DiscussService(k.db, files, () => new Date(), {
      publish: async () => {
        throw new Error("redis down");
      },
    });
    const kept = await broken.save(caller, { target_type: "after_class", ref_id: ac, community_id: A, content: "推送失败也保存" });
    const [row] = await k.db.select().from(discussComment).where(eq(discussComment.id, kept.id));
    expect(row!.content).toBe("推送失败也保存");
    expect((await broken.like(caller, "after_class", kept.id)).like_count).toBe(1);
    expect((await broken.setExpand(caller, "after_class", kept.id, 0, false)).expand_status).toBe(0);
    expect((await broken.delete(caller, "after_class", kept.id)).id).toBe(kept.id);
    // The review timeline: video order.
    await watching.save(caller, { target_type: "after_class", ref_id: ac, community_id: A, content: "更早", video_time: 1 });
    const tl = await watching.timeline(caller, "after_class", ac);
    expect(tl.map((x) => x.video_time)).toEqual([1, 3]);
  });
});
