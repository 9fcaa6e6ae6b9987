/**
 * Messages of the personal centre (account_message; docs/api/notice.md "Messages"): notices reaching their
 * participants, meeting invitations and cancellations, and whatever other modules insert directly (source_type
 * values: MESSAGE_SOURCES in @yanke/protocol). The caller only ever sees, reads and deletes his own rows.
 */
import { MESSAGE_SOURCES, type MessageChange, type MessageRow, type MessageUnread, type Page } from "@yanke/protocol";
import { type SQL, and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { MessageDeletePayload, MessageListPayload, MessageReadPayload } from "@yanke/protocol";
import type { Db, Tx } from "../../db/client.js";
import { badInput, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { community } from "../community/community.schema.js";
import { and2 } from "../org/period.service.js";
import { accountMessage } from "./notice.schema.js";

export interface MessageInput {
  title: string;
  content?: string;
  source_type: string;
  source_id: number;
  community_id?: number;
  sender_id?: number;
}

/**
 * Sends one message about (source_type, source_id) to each account that has none about it yet; returns how many
 * rows it inserted. Call it inside the transaction that changes the source, after locking the source row, so two
 * publishers cannot both send.
 */
export async function sendMessagesOnce(tx: Db | Tx, accountIds: readonly number[], m: MessageInput): Promise<number> {
  const wanted = [...new Set(accountIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!wanted.length) return 0;
  const had = await tx
    .select({ account_id: accountMessage.account_id })
    .from(accountMessage)
    .where(and(eq(accountMessage.source_type, m.source_type), eq(accountMessage.source_id, m.source_id), inArray(accountMessage.account_id, wanted)));
  const seen = new Set(had.map((r) => r.account_id));
  return sendMessages(
    tx,
    wanted.filter((id) => !seen.has(id)),
    m,
  );
}

/** Sends one message to each account (no de-duplication). */
export async function sendMessages(tx: Db | Tx, accountIds: readonly number[], m: MessageInput): Promise<number> {
  const ids = [...new Set(accountIds)];
  if (!ids.length) return 0;
  const rows = ids.map((account_id) => ({
    account_id,
    title: m.title.slice(0, 200),
    content: (m.content ?? "").slice(0, 2000),
    source_type: m.source_type,
    source_id: m.source_id,
    community_id: m.community_id ?? 0,
    sender_id: m.sender_id ?? 0,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(accountMessage).values(rows.slice(i, i + 500));
  return rows.length;
}

/** Plain text of rich content, for a message body. */
export function plainText(html: string, max = 200): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

type ListQ = z.output<typeof MessageListPayload>;
type ReadQ = z.output<typeof MessageReadPayload>;
type DeleteQ = z.output<typeof MessageDeletePayload>;

export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(accountId: number, q: ListQ): Promise<Page<MessageRow>> {
    const where = and2(
      eq(accountMessage.account_id, accountId),
      q.is_read === 0 ? isNull(accountMessage.read_at) : q.is_read === 1 ? isNotNull(accountMessage.read_at) : undefined,
      q.source_type ? eq(accountMessage.source_type, q.source_type) : undefined,
    );
    const order: SQL[] = q.order === "unread" ? [sql`(${accountMessage.read_at} is null) desc`, desc(accountMessage.id)] : [desc(accountMessage.id)];
    const [{ n }] = (await this.db.select({ n: count() }).from(accountMessage).where(where)) as [{ n: number }];
    const rows = await this.db
      .select({ m: accountMessage, sender_name: account.realname, community_name: community.name })
      .from(accountMessage)
      .leftJoin(account, eq(account.id, accountMessage.sender_id))
      .leftJoin(community, eq(community.id, accountMessage.community_id))
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return {
      list: rows.map(({ m, sender_name, community_name }) => ({
        id: m.id,
        title: m.title,
        content: m.content,
        source_type: m.source_type,
        source_type_name: MESSAGE_SOURCES[m.source_type] ?? "消息",
        source_id: m.source_id,
        community_id: m.community_id,
        community_name: community_name ?? "",
        sender_id: m.sender_id,
        sender_name: sender_name ?? (m.sender_id ? "" : "系统"),
        is_read: m.read_at ? 1 : 0,
        read_at: formatTime(m.read_at),
        created_at: formatTime(m.created_at),
      })),
      total: Number(n),
      page: q.page,
      limit: q.limit,
    };
  }

  async unread(accountId: number): Promise<MessageUnread> {
    const [r] = await this.db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${accountMessage.read_at} is null)` })
      .from(accountMessage)
      .where(eq(accountMessage.account_id, accountId));
    return { unread: Number(r?.unread ?? 0), total: Number(r?.total ?? 0) };
  }

  private ids(q: { id?: number; ids?: number[] }): number[] {
    return [...new Set([...(q.id ? [q.id] : []), ...(q.ids ?? [])])];
  }

  /** Marks the caller's messages read: the ids given, or all of them (all = 1). Others' ids are ignored. */
  async read(accountId: number, q: ReadQ): Promise<MessageChange> {
    const ids = this.ids(q);
    if (!q.all && !ids.length) throw badInput("请选择要标记为已读的消息");
    const rows = await this.db
      .update(accountMessage)
      .set({ read_at: this.now() })
      .where(and(eq(accountMessage.account_id, accountId), isNull(accountMessage.read_at), q.all ? undefined : inArray(accountMessage.id, ids)))
      .returning({ id: accountMessage.id });
    return { count: rows.length };
  }

  /** Deletes the caller's own messages among the ids. */
  async remove(accountId: number, q: DeleteQ): Promise<MessageChange> {
    const ids = this.ids(q);
    if (!ids.length) throw badInput("请选择要删除的消息");
    const rows = await this.db
      .delete(accountMessage)
      .where(and(eq(accountMessage.account_id, accountId), inArray(accountMessage.id, ids)))
      .returning({ id: accountMessage.id });
    if (!rows.length) throw notFound("消息不存在或已删除");
    return { count: rows.length };
  }
}
