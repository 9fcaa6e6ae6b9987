/**
 * The co-editing server of lesson plans (docs/notes/0800 §2, docs/decisions/0810): Hocuspocus (the class, not its
 * Server — it rides on our Fastify port) at COLLAB_WS_PATH, one Y document per plan named `lesson:<id>`.
 *
 * - Auth: the provider's `token` (our session token) is resolved with host.resolveToken; the plan and its
 *   preparation are loaded; can_edit → read-write, can_view → read-only (Hocuspocus drops a read-only client's
 *   updates), otherwise refused. A deleted plan is refused. The refusal reason (Chinese) reaches the provider's
 *   onAuthenticationFailed.
 * - Persistence: lesson_doc.state (one Y update), html and text derived on every store, updated_by / updated_at.
 *   Stores are debounced 2 s (at most 10 s apart while typing); the last editor leaving stores at once.
 * - Server-side changes (restore, import) go through a direct connection: a forward change every editor sees at
 *   once, stored immediately.
 * - Shutdown: preClose closes every connection and waits until every document is stored and unloaded, so the
 *   database (closed after app.close) still takes the last stores.
 * - One process serves the co-editing (docs/decisions/0810): each process would hold its own copy of a document.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type Extension, Hocuspocus } from "@hocuspocus/server";
import type { JSONContent } from "@tiptap/core";
import { COLLAB_WS_PATH, lessonDocName } from "@yanke/protocol";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { WebSocketServer } from "ws";
import * as Y from "yjs";
import type { CallHost } from "../../http/call.js";
import { registerUpgrade } from "../../http/ws-upgrade.js";
import type { CommunityDeps } from "../community-deps.js";
import { derive, docToJSON, replaceContent } from "./lessonplan.editor.js";
import { lessonDoc } from "./lessonplan.schema.js";

/** What a connection carries into the later hooks. */
interface CollabContext {
  accountId?: number;
}

export const COLLAB_REFUSALS = {
  badName: "文档名称无效",
  noToken: "登录已失效，请重新登录",
  gone: "教案不存在或已删除",
  noView: "无权查看该教案",
} as const;

class Refusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The plan id of a document name `lesson:<id>`, or 0. */
export function docIdOf(name: string): number {
  const m = /^lesson:(\d{1,9})$/.exec(name);
  return m ? Number(m[1]) : 0;
}

export class LessonCollab {
  readonly hocuspocus: Hocuspocus;
  private readonly wss: WebSocketServer;
  private closing = false;
  /** A hash of the state last stored per plan: a store with nothing new (a direct connection's disconnect) is skipped. */
  private readonly stored = new Map<number, string>();

  constructor(
    app: FastifyInstance,
    private readonly host: CallHost,
    private readonly deps: CommunityDeps,
  ) {
    const persistence: Extension = {
      onAuthenticate: async ({ token, documentName, connectionConfig }) => {
        const id = docIdOf(documentName);
        if (!id) throw new Refusal(COLLAB_REFUSALS.badName);
        if (!token) throw new Refusal(COLLAB_REFUSALS.noToken);
        const auth = await this.host.resolveToken(token).catch(() => null);
        if (!auth) throw new Refusal(COLLAB_REFUSALS.noToken);
        const [row] = await this.deps.db
          .select({ preparation_id: lessonDoc.preparation_id })
          .from(lessonDoc)
          .where(and(eq(lessonDoc.id, id), isNull(lessonDoc.deleted_at)));
        if (!row) throw new Refusal(COLLAB_REFUSALS.gone);
        const prep = await this.deps.preparations.load(row.preparation_id).catch(() => null);
        if (!prep) throw new Refusal(COLLAB_REFUSALS.gone);
        const power = await this.deps.preparations.power(await this.deps.accounts.subject(auth.accountId), prep);
        if (!power.can_view) throw new Refusal(COLLAB_REFUSALS.noView);
        connectionConfig.readOnly = !power.can_edit;
        return { accountId: auth.accountId } satisfies CollabContext;
      },
      onLoadDocument: async ({ documentName, document }) => {
        const id = docIdOf(documentName);
        const [row] = await this.deps.db
          .select({ state: lessonDoc.state })
          .from(lessonDoc)
          .where(and(eq(lessonDoc.id, id), isNull(lessonDoc.deleted_at)));
        if (!row) throw new Refusal(COLLAB_REFUSALS.gone);
        if (row.state?.length) Y.applyUpdate(document, row.state);
        this.stored.set(id, hashOf(Y.encodeStateAsUpdate(document)));
        return document;
      },
      onStoreDocument: async ({ documentName, document, context }) => {
        await this.store(docIdOf(documentName), document, (context as CollabContext | undefined)?.accountId ?? 0);
      },
      afterUnloadDocument: async ({ documentName }) => {
        this.stored.delete(docIdOf(documentName));
      },
    };
    this.hocuspocus = new Hocuspocus({ quiet: true, debounce: 2000, maxDebounce: 10000, extensions: [persistence] });
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 16 << 20 });
    registerUpgrade(app, COLLAB_WS_PATH, (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.closing) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.hocuspocus.handleConnection(ws, req));
    });
    app.addHook("preClose", async () => {
      await this.shutdown();
    });
  }

  /** Writes the document's state, html and text (a deleted plan is left alone). */
  private async store(id: number, document: Y.Doc, accountId: number): Promise<void> {
    if (!id) return;
    const state = Y.encodeStateAsUpdate(document);
    const hash = hashOf(state);
    if (this.stored.get(id) === hash) return;
    const { html, text } = derive(docToJSON(document));
    await this.deps.db
      .update(lessonDoc)
      .set({ state, html, text, updated_at: this.deps.now(), ...(accountId ? { updated_by: accountId } : {}) })
      .where(and(eq(lessonDoc.id, id), isNull(lessonDoc.deleted_at)));
    this.stored.set(id, hash);
  }

  /** The loaded document of a plan (undefined when nobody has it open). */
  live(id: number): Y.Doc | undefined {
    const d = this.hocuspocus.documents.get(lessonDocName(id));
    return d && !d.isLoading && !d.isDestroyed ? d : undefined;
  }

  /** The current state: the live document's when loaded, else the stored one. */
  currentState(id: number, stored: Uint8Array | null): Uint8Array | null {
    const d = this.live(id);
    return d ? Y.encodeStateAsUpdate(d) : stored;
  }

  /** The accounts connected to a plan now (each once). */
  editorIds(id: number): number[] {
    const d = this.hocuspocus.documents.get(lessonDocName(id));
    if (!d) return [];
    const ids = new Set<number>();
    for (const { connection } of d.connections.values()) {
      const a = (connection.context as CollabContext | undefined)?.accountId;
      if (a) ids.add(a);
    }
    return [...ids];
  }

  /** Editors connected to a plan now (WebSocket connections, read-only viewers included). */
  editors(id: number): number {
    return this.hocuspocus.documents.get(lessonDocName(id))?.connections.size ?? 0;
  }

  /**
   * Replaces a plan's content with the JSON as one forward change through a direct connection: connected editors
   * see it at once and it is stored immediately (by accountId).
   */
  async replace(id: number, json: JSONContent, accountId: number): Promise<void> {
    const dc = await this.hocuspocus.openDirectConnection(lessonDocName(id), { accountId } satisfies CollabContext);
    try {
      await dc.transact((doc) => replaceContent(doc, json));
    } finally {
      await dc.disconnect();
    }
  }

  /** Drops a plan's connections (it was deleted); the document unloads once they are gone. */
  close(id: number): void {
    this.hocuspocus.closeConnections(lessonDocName(id));
  }

  /** Closes every connection and waits (at most 15 s) until every document is stored and unloaded. */
  async shutdown(): Promise<void> {
    this.closing = true;
    this.hocuspocus.closeConnections();
    for (const ws of this.wss.clients) ws.terminate();
    const until = Date.now() + 15_000;
    while (
      (this.hocuspocus.documents.size > 0 || this.hocuspocus.loadingDocuments.size > 0 || this.hocuspocus.unloadingDocuments.size > 0) &&
      Date.now() < until
    ) {
      for (const d of this.hocuspocus.documents.values()) {
        if (d.getConnectionsCount() === 0) {
          const key = `onStoreDocument-${d.name}`;
          if (this.hocuspocus.debouncer.isDebounced(key)) await Promise.resolve(this.hocuspocus.debouncer.executeNow(key)).catch(() => undefined);
          else await this.hocuspocus.unloadDocument(d).catch(() => undefined);
        }
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise<void>((r) => this.wss.close(() => r()));
  }
}

function hashOf(state: Uint8Array): string {
  return createHash("sha256").update(state).digest("base64");
}
