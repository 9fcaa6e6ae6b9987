/**
 * The formatting controls both tiptap editors share (the article editor, RichTextEditor, and the co-edited lesson
 * plan, lessonplan/LiveEditor): the heading picker, bold/italic/underline/strike and the two lists, plus the
 * toolbar button they are made of. `prefix` names the look and the test ids: class `yk-<prefix>-btn`, test id
 * `<prefix>-<key>`.
 */
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, StrikethroughOutlined, UnderlineOutlined, UnorderedListOutlined } from "@ant-design/icons";
import type { Editor } from "@tiptap/react";
import { Button, Divider, Select, Tooltip } from "antd";
import type { ReactNode } from "react";

export interface FormatState {
  /** 0 = 正文, 1–3 = the heading level at the cursor. */
  heading: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  bullet: boolean;
  ordered: boolean;
}

/** What the format controls show for the editor's selection (use inside a useEditorState selector). */
export function formatStateOf(e: Editor): FormatState {
  return {
    heading: [1, 2, 3].find((l) => e.isActive("heading", { level: l })) ?? 0,
    bold: e.isActive("bold"),
    italic: e.isActive("italic"),
    underline: e.isActive("underline"),
    strike: e.isActive("strike"),
    bullet: e.isActive("bulletList"),
    ordered: e.isActive("orderedList"),
  };
}

export type ToolButton = (key: string, title: string, icon: ReactNode, active: boolean, run: () => void, enabled?: boolean) => ReactNode;

/** A toolbar button maker: icon buttons that keep the editor's selection (mouse down does not take the focus). */
export function toolButton(prefix: string, disabled: boolean): ToolButton {
  const ToolBtn: ToolButton = (key, title, icon, active, run, enabled = true) => (
    <Tooltip title={title} key={key} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        aria-label={title}
        data-testid={`${prefix}-${key}`}
        className={active ? `yk-${prefix}-btn active` : `yk-${prefix}-btn`}
        disabled={disabled || !enabled}
        icon={icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  return ToolBtn;
}

/** Heading picker | bold italic underline strike | bullet and ordered lists. */
export function FormatControls({ editor, state: s, prefix, disabled }: { editor: Editor; state: FormatState; prefix: string; disabled: boolean }) {
  const btn = toolButton(prefix, disabled);
  const chain = () => editor.chain().focus();
  return (
    <>
      <Select
        size="small"
        value={s.heading}
        disabled={disabled}
        data-testid={`${prefix}-heading`}
        style={{ width: 92 }}
        onChange={(l: number) =>
          l === 0
            ? chain().setParagraph().run()
            : chain()
                .toggleHeading({ level: l as 1 | 2 | 3 })
                .run()
        }
        options={[
          { value: 0, label: "正文" },
          { value: 1, label: "标题 1" },
          { value: 2, label: "标题 2" },
          { value: 3, label: "标题 3" },
        ]}
      />
      <Divider orientation="vertical" />
      {btn("bold", "加粗", <BoldOutlined />, s.bold, () => chain().toggleBold().run())}
      {btn("italic", "斜体", <ItalicOutlined />, s.italic, () => chain().toggleItalic().run())}
      {btn("underline", "下划线", <UnderlineOutlined />, s.underline, () => chain().toggleUnderline().run())}
      {btn("strike", "删除线", <StrikethroughOutlined />, s.strike, () => chain().toggleStrike().run())}
      <Divider orientation="vertical" />
      {btn("bullet", "无序列表", <UnorderedListOutlined />, s.bullet, () => chain().toggleBulletList().run())}
      {btn("ordered", "有序列表", <OrderedListOutlined />, s.ordered, () => chain().toggleOrderedList().run())}
    </>
  );
}
