/**
 * The lesson-plan editor's content extensions (docs/notes/0800 §4–§5): StarterKit without its own undo/redo
 * (Collaboration brings the Y undo), tables and images. Their node and mark names must equal LESSON_PLAN_SCHEMA of
 * @yanke/protocol, which the server's conversions (.docx import/export, html, compare) use: a node one side lacks is
 * silently dropped by the other (extensions.test.ts checks it).
 */
import type { AnyExtension } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";

export function lessonPlanExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      undoRedo: false,
      heading: { levels: [1, 2, 3, 4] },
      link: { openOnClick: false, autolink: true, defaultProtocol: "https", HTMLAttributes: { rel: "noopener noreferrer", target: "_blank" } },
    }),
    TableKit.configure({ table: { resizable: false, HTMLAttributes: { class: "yk-lp-table" } } }),
    Image.configure({ inline: false, allowBase64: false }),
  ];
}
