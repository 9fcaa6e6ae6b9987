/**
 * Discussion messages (研讨; community.md §3 Discussion message, §5, §6; docs/api/preparation.md, docs/decisions/0803),
 * generic over the discussed object (target_type + ref_id): the preparation calls (#8) use it with target_type
 * "preparation"; #9's /v2/discuss_comment calls and the live socket reuse it for listen records and after-class
 * records. The caller's permission to read or write is the owning module's business (it asks its own access class
 * first); this service checks the message itself:
 *
 *   const msg = await discuss.post(caller, { target_type: "preparation", ref_id, community_id, ...payload });
 *   const page = await discuss.list(caller, { target_type: "preparation", ref_id, page, limit });
 *   await discuss.remove(caller, "preparation", id);          // the author only; soft delete, replies stay
 *
 * - content or at least one image ('请先输入内容'); images are the caller's own uploads, png / jpg / jpeg, ≤ 100 MB
 *   ('上传文件大小限制：100MB'), kept as "/files/<id>" and answered readable (signed when private).
 * - pid: a message of the same object (a reply to a reply is fine); reply_person defaults to the parent's author.
 * - reputation: the author's 职称 (account.reputation).
 * - video_time: where in the lesson video a message was written (seconds ≥ 0, optional); timeline() and
 *   list({ order: "video_time" }) answer them in video order (the review timeline, #9 listen records).
 *
 * The live push (issue #9; wire.md "Live messaging"): save / delete / like / setExpand run their own transaction and,
 * AFTER it commits, publish to liveGroup(target_type, ref_id) { type: "discuss.save" | "discuss.delete" |
 * "discuss.like" | "discuss.expand", data }. A failed publish is logged and never fails the call. post / remove with a
 * caller's transaction do not publish: the caller calls announce() after its commit (or uses save / delete with the
 * inTx hook for its own writes, e.g. a community log row):
 *
 *   const msg = await discuss.save(caller, { target_type: "listen", ref_id, community_id, content, video_time }, async (tx, m) => log(tx, m));
 */
import { DISCUSS_IMAGE_EXTS, DISCUSS_MESSAGES, type DiscussMessage, FILE_GET_PREFIX, type LiveGroupKind, ROLE_NAMES, UPLOAD, liveGroup } from "@yanke/protocol";
import { type SQL, and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { storedFile } from "../file/file.schema.js";
import type { Caller } from "../../http/caller.js";
import type { LivePublisher } from "../workman/hub.js";
import { discussComment, discussLike } from "./discuss.schema.js";

export type DiscussRecord = typeof discussComment.$inferSelect;

/** What discuss needs of the file module. */
export interface DiscussFiles {
  signedPath(id: number): string;
}

export interface PostInput {
  target_type: string;
  ref_id: number;
  community_id: number;
  pid?: number;
  content?: string;
  content_img?: readonly string[];
  reply_person?: number;
  target_id?: number;
  wps_file_key?: string;
  /** Seconds into the lesson video (≥ 0); null / undefined = none. */
  video_time?: number | null;
}

/** What the live push carries for a deletion, a like and an expand change. */
export interface DiscussDeleted {
  id: number;
  pid: number;
  target_type: string;
  ref_id: number;
}
export interface DiscussLiked {
  id: number;
  target_type: string;
  ref_id: number;
  like_count: number;
  /** The liker after the toggle. */
  account_id: number;
  is_like: boolean;
}
export interface DiscussExpanded {
  id: number;
  target_type: string;
  ref_id: number;
  expand_status: number;
}

export type DiscussEvent = "discuss.save" | "discuss.delete" | "discuss.like" | "discuss.expand";

export interface ListInput {
  target_type: string;
  ref_id: number;
  page: number;
  limit: number;
  target_id?: number;
  wps_file_key?: string;
  /** "newest" (default): top-level threads newest first; "video_time": by video_time (messages without one last). */
  order?: "newest" | "video_time";
}

export interface MessagePage {
  list: DiscussMessage[];
  /** Top-level threads listed. */
  total: number;
  page: number;
  limit: number;
  /** Messages not deleted, replies included. */
  count: number;
}

const FILE_REF = /^\/files\/(\d+)(?:[/?#].*)?$/;

export class DiscussService {
  constructor(
    private readonly db: Db,
    private readonly files: DiscussFiles,
    private readonly now: () => Date = () => new Date(),
    private readonly live?: LivePublisher,
  ) {}

  /** Pushes to the target's socket group; never throws (a lost push is logged, not fatal). */
  async announce(event: DiscussEvent, targetType: string, refId: number, data: unknown): Promise<void> {
    if (!this.live) return;
    try {
      await this.live.publish(liveGroup(targetType as LiveGroupKind, refId), { type: event, data });
    } catch (e) {
      console.warn(`[discuss] push ${event} to ${targetType}:${refId} failed:`, e instanceof Error ? e.message : e);
    }
  }

  /**
   * Writes a message in its own transaction (with the caller's extra writes in inTx), then pushes "discuss.save".
   * Check the caller's permission first.
   */
  async save(c: Caller, p: PostInput, inTx?: (tx: Tx, msg: DiscussMessage) => Promise<void>): Promise<DiscussMessage> {
    const msg = await this.db.transaction(async (tx) => {
      const m = await this.post(c, p, tx);
      if (inTx) await inTx(tx, m);
      return m;
    });
    await this.announce("discuss.save", p.target_type, p.ref_id, msg);
    return msg;
  }

  /** The author deletes his message (soft; replies stay), in its own transaction; then pushes "discuss.delete". */
  async delete(c: Caller, targetType: string, id: number, inTx?: (tx: Tx, row: DiscussRecord) => Promise<void>): Promise<DiscussDeleted> {
    const row = await this.db.transaction(async (tx) => {
      const r = await this.remove(c, targetType, id, tx);
      if (inTx) await inTx(tx, r);
      return r;
    });
    const data: DiscussDeleted = { id: row.id, pid: row.pid, target_type: row.target_type, ref_id: row.ref_id };
    await this.announce("discuss.delete", row.target_type, row.ref_id, data);
    return data;
  }

  /**
   * Toggles the caller's like of a message (one per account: the discuss_like key; like_count is recounted from the
   * rows, so concurrent toggles cannot drift); then pushes "discuss.like".
   */
  async like(c: Caller, targetType: string, id: number): Promise<DiscussLiked> {
    const data = await this.db.transaction(async (tx) => {
      const row = await this.record(targetType, id, tx);
      // Toggles of one message queue here (Postgres), so the recount below sees every committed like.
      await tx.select({ id: discussComment.id }).from(discussComment).where(eq(discussComment.id, id)).for("update");
      const added = await tx.insert(discussLike).values({ comment_id: id, account_id: c.id, created_at: this.now() }).onConflictDoNothing().returning();
      if (!added.length) await tx.delete(discussLike).where(and(eq(discussLike.comment_id, id), eq(discussLike.account_id, c.id)));
      const [upd] = await tx
        .update(discussComment)
        .set({ like_count: sql`(select count(*)::int from ${discussLike} where ${discussLike.comment_id} = ${id})` })
        .where(eq(discussComment.id, id))
        .returning({ like_count: discussComment.like_count });
      return {
        id,
        target_type: row.target_type,
        ref_id: row.ref_id,
        like_count: upd!.like_count,
        account_id: c.id,
        is_like: added.length > 0,
      } satisfies DiscussLiked;
    });
    await this.announce("discuss.like", data.target_type, data.ref_id, data);
    return data;
  }

  /** Folds (0) or unfolds (1) a thread: its author, or whoever the owning module says manages it; pushes "discuss.expand". */
  async setExpand(c: Caller, targetType: string, id: number, expandStatus: number, mayManage: boolean): Promise<DiscussExpanded> {
    const row = await this.record(targetType, id);
    if (row.account_id !== c.id && !mayManage) throw forbidden("只有研讨的作者或管理者可以折叠或展开该条研讨");
    await this.db
      .update(discussComment)
      .set({ expand_status: expandStatus ? 1 : 0 })
      .where(eq(discussComment.id, id));
    const data: DiscussExpanded = { id, target_type: row.target_type, ref_id: row.ref_id, expand_status: expandStatus ? 1 : 0 };
    await this.announce("discuss.expand", row.target_type, row.ref_id, data);
    return data;
  }

  /** Every message with a video_time (not deleted), flat, in video order — the review timeline. */
  async timeline(c: Caller, targetType: string, refId: number, targetId?: number): Promise<DiscussMessage[]> {
    const rows = await this.db
      .select()
      .from(discussComment)
      .where(
        and(
          eq(discussComment.target_type, targetType),
          eq(discussComment.ref_id, refId),
          isNull(discussComment.deleted_at),
          sql`${discussComment.video_time} is not null`,
          targetId ? eq(discussComment.target_id, targetId) : undefined,
        ),
      )
      .orderBy(asc(discussComment.video_time), asc(discussComment.id));
    return this.toMessages(c, rows);
  }

  /** Checks the images: the caller's own uploads, png / jpg / jpeg, ≤ 100 MB. Answers them as "/files/<id>". */
  async checkImages(c: Caller, urls: readonly string[], db: Db | Tx = this.db): Promise<string[]> {
    const ids: number[] = [];
    for (const u of urls) {
      const m = FILE_REF.exec(u.trim());
      if (!m) throw badInput("研讨图片应为本人上传的图片（/files/<编号>）");
      ids.push(Number(m[1]));
    }
    if (!ids.length) return [];
    const rows = await db.select().from(storedFile).where(inArray(storedFile.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const f = byId.get(id);
      if (!f || f.account_id !== c.id) throw badInput("研讨图片不存在或不是您上传的，请重新上传");
      const ext = (f.file_type || f.real_file_name.split(".").pop() || "").toLowerCase();
      if (!(DISCUSS_IMAGE_EXTS as readonly string[]).includes(ext)) throw badInput(DISCUSS_MESSAGES.imageFormat);
      if (f.size > UPLOAD.commentImageMax) throw badInput(DISCUSS_MESSAGES.imageTooLarge);
    }
    return [...new Set(ids)].map((id) => `${FILE_GET_PREFIX}/${id}`);
  }

  /**
   * Writes a message (the owning module has checked that the caller may discuss). Every query goes through `tx`
   * when given one (PGlite has one connection: a query beside an open transaction would wait for it forever).
   */
  async post(c: Caller, p: PostInput, tx: Db | Tx = this.db): Promise<DiscussMessage> {
    const content = (p.content ?? "").trim();
    const videoTime = p.video_time ?? null;
    if (videoTime !== null && !(Number.isFinite(videoTime) && videoTime >= 0 && videoTime < 10_000_000)) throw badInput("视频时间应为不小于 0 的秒数");
    const images = await this.checkImages(c, p.content_img ?? [], tx);
    if (!content && !images.length) throw badInput(DISCUSS_MESSAGES.empty);
    let replyTo = p.reply_person ?? 0;
    const pid = p.pid ?? 0;
    if (pid) {
      const [parent] = await tx
        .select()
        .from(discussComment)
        .where(and(eq(discussComment.id, pid), eq(discussComment.target_type, p.target_type), eq(discussComment.ref_id, p.ref_id)));
      if (!parent || parent.deleted_at) throw badInput(`回复的${DISCUSS_MESSAGES.gone}`);
      if (!replyTo) replyTo = parent.account_id;
    }
    if (replyTo) {
      const [who] = await tx.select({ id: account.id }).from(account).where(eq(account.id, replyTo));
      if (!who) throw badInput("回复对象不存在");
    }
    const [row] = await tx
      .insert(discussComment)
      .values({
        target_type: p.target_type,
        ref_id: p.ref_id,
        community_id: p.community_id,
        pid,
        content,
        content_img: images,
        reply_person: replyTo,
        target_id: p.target_id ?? 0,
        wps_file_key: p.wps_file_key ?? "",
        video_time: videoTime === null ? null : Math.round(videoTime * 100) / 100,
        account_id: c.id,
        identity: c.identity,
        created_at: this.now(),
      })
      .returning();
    return (await this.toMessages(c, [row!], tx))[0]!;
  }

  /** One message as answered (for the socket, #9). */
  async message(c: Caller, id: number): Promise<DiscussMessage> {
    const [row] = await this.db.select().from(discussComment).where(eq(discussComment.id, id));
    if (!row || row.deleted_at) throw notFound(DISCUSS_MESSAGES.gone);
    return (await this.toMessages(c, [row]))[0]!;
  }

  /** The record of a message of a target type, or 404. */
  async record(targetType: string, id: number, db: Db | Tx = this.db): Promise<DiscussRecord> {
    const [row] = await db
      .select()
      .from(discussComment)
      .where(and(eq(discussComment.id, id), eq(discussComment.target_type, targetType)));
    if (!row || row.deleted_at) throw notFound(DISCUSS_MESSAGES.gone);
    return row;
  }

  /** Only the author deletes (community.md §6); the replies stay, under "该条研讨已删除". */
  async remove(c: Caller, targetType: string, id: number, tx: Db | Tx = this.db): Promise<DiscussRecord> {
    const row = await this.record(targetType, id, tx);
    if (row.account_id !== c.id) throw forbidden(DISCUSS_MESSAGES.notAuthor);
    const [gone] = await tx.update(discussComment).set({ deleted_at: this.now() }).where(eq(discussComment.id, id)).returning();
    return gone!;
  }

  /** Top-level threads newest first (a deleted one stays while it has replies), each with its replies oldest first. */
  async list(c: Caller, q: ListInput): Promise<MessagePage> {
    const ofTarget = and(eq(discussComment.target_type, q.target_type), eq(discussComment.ref_id, q.ref_id));
    const child = sql`exists (select 1 from ${discussComment} as ch where ch.pid = ${discussComment.id} and ch.deleted_at is null)`;
    const roots: SQL = and(
      ofTarget,
      eq(discussComment.pid, 0),
      sql`(${discussComment.deleted_at} is null or ${child})`,
      q.target_id ? eq(discussComment.target_id, q.target_id) : undefined,
      q.wps_file_key ? eq(discussComment.wps_file_key, q.wps_file_key) : undefined,
    )!;
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(discussComment).where(roots);
    const [{ all } = { all: 0 }] = await this.db
      .select({ all: count() })
      .from(discussComment)
      .where(and(ofTarget, isNull(discussComment.deleted_at)));
    const top = await this.db
      .select()
      .from(discussComment)
      .where(roots)
      .orderBy(...(q.order === "video_time" ? [sql`${discussComment.video_time} asc nulls last`, asc(discussComment.id)] : [desc(discussComment.id)]))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    let rows: DiscussRecord[] = top;
    if (top.length) {
      // Every reply below the listed threads, at any depth.
      const ids = top.map((t) => t.id);
      const below = await this.db.execute(sql`
        with recursive t(id) as (
          select d.id from ${discussComment} d where d.pid in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})
          union all
          select d.id from ${discussComment} d join t on d.pid = t.id
        ) select id from t`);
      const belowIds = (below as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
      if (belowIds.length) rows = [...top, ...(await this.db.select().from(discussComment).where(inArray(discussComment.id, belowIds)))];
    }
    const messages = await this.toMessages(c, rows);
    const byId = new Map(messages.map((m) => [m.id, m]));
    for (const m of [...messages].sort((a, b) => a.id - b.id)) {
      if (m.pid && byId.has(m.pid) && !top.some((t) => t.id === m.id)) byId.get(m.pid)!.children.push(m);
    }
    // A deleted reply without replies of its own is left out.
    const prune = (list: DiscussMessage[]): DiscussMessage[] =>
      list.filter((m) => {
        m.children = prune(m.children);
        return !m.deleted || m.children.length > 0;
      });
    const list = top.map((t) => byId.get(t.id)!);
    for (const m of list) m.children = prune(m.children);
    return { list, total: Number(n), page: q.page, limit: q.limit, count: Number(all) };
  }

  /** Counts messages not deleted, per ref_id. */
  async counts(targetType: string, refIds: readonly number[]): Promise<Map<number, number>> {
    if (!refIds.length) return new Map();
    const rows = await this.db
      .select({ ref: discussComment.ref_id, n: count() })
      .from(discussComment)
      .where(and(eq(discussComment.target_type, targetType), inArray(discussComment.ref_id, [...refIds]), isNull(discussComment.deleted_at)))
      .groupBy(discussComment.ref_id);
    return new Map(rows.map((r) => [r.ref, Number(r.n)]));
  }

  /** Removes every message of an object (its owner is deleted); likes go by cascade. */
  async removeAll(tx: Db | Tx, targetType: string, refId: number): Promise<number> {
    const gone = await tx
      .delete(discussComment)
      .where(and(eq(discussComment.target_type, targetType), eq(discussComment.ref_id, refId)))
      .returning({ id: discussComment.id });
    return gone.length;
  }

  /** Rows → answered messages (children empty), with the authors' and replied persons' names. */
  async toMessages(c: Caller, rows: readonly DiscussRecord[], db: Db | Tx = this.db): Promise<DiscussMessage[]> {
    if (!rows.length) return [];
    const people = [...new Set(rows.flatMap((r) => [r.account_id, r.reply_person]).filter((x) => x > 0))];
    const accts = await db
      .select({ id: account.id, realname: account.realname, username: account.username, head: account.head_portrait_url, reputation: account.reputation })
      .from(account)
      .where(inArray(account.id, people));
    const who = new Map(accts.map((a) => [a.id, a]));
    const imageIds = [...new Set(rows.flatMap((r) => r.content_img.map((u) => Number(FILE_REF.exec(u)?.[1] ?? 0)).filter(Boolean)))];
    const pub = new Map<number, boolean>();
    if (imageIds.length)
      for (const f of await db.select({ id: storedFile.id, p: storedFile.is_public }).from(storedFile).where(inArray(storedFile.id, imageIds)))
        pub.set(f.id, f.p);
    const liked = new Set<number>();
    if (c.id)
      for (const l of await db
        .select({ id: discussLike.comment_id })
        .from(discussLike)
        .where(
          and(
            eq(discussLike.account_id, c.id),
            inArray(
              discussLike.comment_id,
              rows.map((r) => r.id),
            ),
          ),
        ))
        liked.add(l.id);
    const readable = (u: string): string => {
      const id = Number(FILE_REF.exec(u)?.[1] ?? 0);
      if (!id || !pub.has(id)) return u;
      return pub.get(id) ? `${FILE_GET_PREFIX}/${id}` : this.files.signedPath(id);
    };
    return rows.map((r) => {
      const a = who.get(r.account_id);
      const deleted = r.deleted_at !== null;
      return {
        id: r.id,
        pid: r.pid,
        content: deleted ? DISCUSS_MESSAGES.deleted : r.content,
        content_img: deleted ? [] : r.content_img.map(readable),
        reply_person: r.reply_person,
        reply_person_name: r.reply_person ? who.get(r.reply_person)?.realname || who.get(r.reply_person)?.username || "" : "",
        created_at: formatTime(r.created_at),
        target_id: r.target_id,
        wps_file_key: r.wps_file_key,
        account: { id: r.account_id, realname: a?.realname || a?.username || "", head_portrait_url: a?.head ?? "" },
        account_id: r.account_id,
        identity: r.identity,
        identity_name: ROLE_NAMES[r.identity] ?? "",
        reputation: a?.reputation ?? "",
        like_count: r.like_count,
        is_like: liked.has(r.id),
        video_time: r.video_time === null ? null : Number(r.video_time),
        expand_status: r.expand_status,
        deleted,
        can_delete: !deleted && c.id !== 0 && r.account_id === c.id,
        children: [],
      };
    });
  }
}
