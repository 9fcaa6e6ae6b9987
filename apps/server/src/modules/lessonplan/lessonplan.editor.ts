/**
 * The lesson-plan editor's schema on the server (one list: the web editor uses the same extensions, and both check
 * their schema against LESSON_PLAN_SCHEMA of @yanke/protocol) and the conversions between its forms:
 * Y document ⇄ ProseMirror JSON ⇄ HTML, and JSON → the plain-text lines that lists, search, compare and the AI
 * diagnosis read (docs/notes/0800 §4).
 */
import { type JSONContent, type Extensions, getSchema } from "@tiptap/core";
import { TableKit } from "@tiptap/extension-table";
import Image from "@tiptap/extension-image";
import { generateHTML, generateJSON } from "@tiptap/html/server";
import type { Schema } from "@tiptap/pm/model";
import StarterKit from "@tiptap/starter-kit";
import { prosemirrorJSONToYXmlFragment, yXmlFragmentToProsemirrorJSON } from "@tiptap/y-tiptap";
import { LESSON_PLAN_FIELD, LESSON_PLAN_TEMPLATE_HEADINGS } from "@yanke/protocol";
import * as Y from "yjs";

/** StarterKit (Collaboration brings its own undo, so undoRedo is off), tables and images. */
export const LESSON_PLAN_EXTENSIONS: Extensions = [StarterKit.configure({ undoRedo: false }), TableKit, Image];

let schema: Schema | undefined;
export function lessonPlanSchema(): Schema {
  schema ??= getSchema(LESSON_PLAN_EXTENSIONS);
  return schema;
}

export const EMPTY_DOC: JSONContent = { type: "doc", content: [{ type: "paragraph" }] };

/** The 教案 template: the six headings, an empty paragraph under each. */
export function templateDoc(title: string): JSONContent {
  return {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: title }] },
      ...LESSON_PLAN_TEMPLATE_HEADINGS.flatMap((h) => [{ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: h }] }, { type: "paragraph" }]),
    ],
  };
}

/** The document's ProseMirror JSON (the editor's fragment). */
export function docToJSON(doc: Y.Doc): JSONContent {
  const json = yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(LESSON_PLAN_FIELD)) as JSONContent;
  return json.content?.length ? json : EMPTY_DOC;
}

/** A Y update (stored state) → JSON. */
export function stateToJSON(state: Uint8Array | null | undefined): JSONContent {
  if (!state || state.length === 0) return EMPTY_DOC;
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, state);
    return docToJSON(doc);
  } finally {
    doc.destroy();
  }
}

/** A fresh Y state holding the JSON. */
export function jsonToState(json: JSONContent): Uint8Array {
  const doc = new Y.Doc();
  try {
    prosemirrorJSONToYXmlFragment(lessonPlanSchema(), json, doc.getXmlFragment(LESSON_PLAN_FIELD));
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

/** Replaces the fragment of a live document with the JSON (inside the caller's transaction: one forward change). */
export function replaceContent(doc: Y.Doc, json: JSONContent): void {
  const frag = doc.getXmlFragment(LESSON_PLAN_FIELD);
  doc.transact(() => {
    if (frag.length) frag.delete(0, frag.length);
    prosemirrorJSONToYXmlFragment(lessonPlanSchema(), json, frag);
  });
}

export function jsonToHtml(json: JSONContent): string {
  return generateHTML(json, LESSON_PLAN_EXTENSIONS);
}

/** HTML (mammoth's) → JSON of our schema (unknown tags are dropped, their text kept). */
export function htmlToJSON(html: string): JSONContent {
  return generateJSON(html, LESSON_PLAN_EXTENSIONS) as JSONContent;
}

function inlineText(n: JSONContent): string {
  if (n.type === "text") return n.text ?? "";
  if (n.type === "hardBreak") return " ";
  if (n.type === "image") return "[图片]";
  return (n.content ?? []).map(inlineText).join("");
}

/**
 * The plain-text lines of a document: one per heading, paragraph, code block and list-item paragraph; a table row
 * is one line, its cells tab-joined. Empty paragraphs give no line.
 */
export function textLines(json: JSONContent): string[] {
  const out: string[] = [];
  const walk = (n: JSONContent): void => {
    switch (n.type) {
      case "heading":
      case "paragraph":
      case "codeBlock": {
        const t = inlineText(n).trim();
        if (t) out.push(t);
        return;
      }
      case "image":
        out.push("[图片]");
        return;
      case "horizontalRule":
        return;
      case "tableRow": {
        const cells = (n.content ?? []).map((c) => cellText(c));
        if (cells.some((c) => c)) out.push(cells.join("\t"));
        return;
      }
      default:
        for (const c of n.content ?? []) walk(c);
    }
  };
  walk(json);
  return out;
}

function cellText(cell: JSONContent): string {
  const parts: string[] = [];
  const walk = (n: JSONContent): void => {
    if (n.type === "paragraph" || n.type === "heading" || n.type === "codeBlock") {
      const t = inlineText(n).trim();
      if (t) parts.push(t);
    } else if (n.type === "image") parts.push("[图片]");
    else for (const c of n.content ?? []) walk(c);
  };
  walk(cell);
  return parts.join(" ");
}

/** html + text of a JSON document. */
export function derive(json: JSONContent): { html: string; text: string } {
  return { html: jsonToHtml(json), text: textLines(json).join("\n") };
}
