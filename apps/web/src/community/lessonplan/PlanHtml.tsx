/**
 * A lesson plan's html shown read-only through the editor's own schema (a version, or the plan for a visitor who
 * is not signed in): what the schema does not know is dropped, so the server's html is never injected as is.
 */
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect } from "react";
import { lessonPlanExtensions } from "./extensions";
import "./lessonplan.css";

export function PlanHtml({ html, testId = "lp-html" }: { html: string; testId?: string }) {
  const editor = useEditor({
    extensions: lessonPlanExtensions(),
    content: html,
    editable: false,
    editorProps: { attributes: { class: "yk-lp-content yk-lp-content-static", "data-testid": testId } },
  });
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  return <EditorContent editor={editor} />;
}
