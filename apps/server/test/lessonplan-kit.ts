/**
 * Fixtures of the lesson-plan tests: Node co-editing clients (HocuspocusProvider over `ws`), edits of the editor's
 * fragment without an editor, .docx files built with `docx`, and uploads through the real /file/upload call.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { COLLAB_WS_PATH, type Envelope, type FileRecord, LESSON_PLAN_FIELD, lessonDocName } from "@yanke/protocol";
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import WebSocket from "ws";
import * as Y from "yjs";
import type { Kit } from "./activity-kit.js";
import { polling } from "./poll.js";

export interface Client {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** "read-write" | "readonly" once authenticated; the refusal reason when refused. */
  scope: string;
  refused: string;
  /** The server closed the connection (or it dropped). */
  dropped: boolean;
  close(): void;
}

/** Polls until fn() holds (at most `ms`, 10 s unless given); answers whether it did. poll.ts holds() with the lesson-plan tests' defaults. */
export const until = polling({ ms: 10_000, every: 25 }).holds;

/** Connects a client to plan `id` with the token; resolves once synced or refused. */
export async function connect(baseUrl: string, id: number, token: string): Promise<Client> {
  const doc = new Y.Doc();
  const ws = new HocuspocusProviderWebsocket({ url: `${baseUrl.replace(/^http/, "ws")}${COLLAB_WS_PATH}`, WebSocketPolyfill: WebSocket });
  const c: Client = {
    doc,
    scope: "",
    refused: "",
    dropped: false,
    provider: undefined as unknown as HocuspocusProvider,
    close: () => {
      c.provider.destroy();
      ws.destroy();
    },
  };
  const done = new Promise<void>((resolve) => {
    c.provider = new HocuspocusProvider({
      websocketProvider: ws,
      name: lessonDocName(id),
      document: doc,
      token,
      onAuthenticated: ({ scope }) => {
        c.scope = scope;
      },
      onAuthenticationFailed: ({ reason }) => {
        c.refused = reason || "refused";
        resolve();
      },
      onSynced: () => resolve(),
      onClose: () => {
        c.dropped = true;
      },
      onDisconnect: () => {
        c.dropped = true;
      },
    });
  });
  c.provider.attach();
  await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
  return c;
}

/** Appends a paragraph with the text to the editor's fragment. */
export function appendParagraph(doc: Y.Doc, text: string, type = "paragraph"): void {
  const el = new Y.XmlElement(type);
  if (type === "heading") el.setAttribute("level", 2 as unknown as string);
  el.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment(LESSON_PLAN_FIELD).push([el]);
}

/** The fragment as XML text (enough to look for words). */
export const contentOf = (doc: Y.Doc): string => doc.getXmlFragment(LESSON_PLAN_FIELD).toString();

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** A .docx with a heading, a bold paragraph, a 2×2 table and (image = true) a PNG. */
export async function sampleDocx(image = false): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("勾股定理教案")] }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun("教学目标")] }),
          new Paragraph({ children: [new TextRun({ text: "理解并应用勾股定理", bold: true })] }),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [new Paragraph("环节")] }), new TableCell({ children: [new Paragraph("时间")] })] }),
              new TableRow({ children: [new TableCell({ children: [new Paragraph("导入新课")] }), new TableCell({ children: [new Paragraph("5分钟")] })] }),
            ],
          }),
          ...(image ? [new Paragraph({ children: [new ImageRun({ type: "png", data: PNG_1X1, transformation: { width: 20, height: 20 } })] })] : []),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** Uploads bytes through the real one-request upload (/file/upload, module `module`). */
export async function upload(k: Kit, user: string, data: Buffer, name: string, module = "word"): Promise<Envelope<FileRecord>> {
  const fd = new FormData();
  fd.append("module", module);
  fd.append("file", new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${k.s.url}/file/upload`, { method: "POST", body: fd, headers: { TOKEN: k.who[user]!.token } });
  return (await res.json()) as Envelope<FileRecord>;
}
