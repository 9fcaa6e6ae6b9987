/**
 * The rich-text editor of articles (and any other rich text): tiptap with a Chinese toolbar — headings, bold,
 * italic, underline, strike, lists, blockquote, code, link (asks for the address), image (uploaded through
 * /file/upload, module 'editor', then inserted by its /files/… address), undo / redo. The value is HTML; the server
 * sanitizes it before storing (docs/decisions/0703), the editor only produces what its extensions know.
 */
import { CodeOutlined, LinkOutlined, PictureOutlined, RedoOutlined, UndoOutlined } from "@ant-design/icons";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Divider, Input, Modal, Progress } from "antd";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../api/toast";
import { FormatControls, formatStateOf, toolButton } from "./FormatControls";
import { checkImage } from "../upload/upload-rules";
import { useFilePicker } from "../upload/useFilePicker";
import { useModuleUpload } from "../upload/useModuleUpload";
import { LINK_OK, isEmptyRichText } from "./rich-text";
import "./editor.css";

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Height of the writing area, px (it grows beyond with the text). */
  minHeight?: number;
  disabled?: boolean;
  "data-testid"?: string;
}

export { isEmptyRichText };

export function RichTextEditor({ value = "", onChange, placeholder = "请输入内容", minHeight = 320, disabled = false, ...rest }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: "https", HTMLAttributes: { rel: "noopener noreferrer", target: "_blank" } },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editable: !disabled,
    editorProps: { attributes: { class: "yk-rte-content", style: `min-height:${minHeight}px` } },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(e.isEmpty ? "" : e.getHTML()),
  });

  // A value set from outside (an article loaded for editing, a reset) replaces the document.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || "", { emitUpdate: false });
  }, [value, editor]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [disabled, editor]);

  const empty = useEditorState({ editor, selector: ({ editor: e }) => e?.isEmpty ?? true });

  return (
    <div className={`yk-rte${disabled ? " yk-rte-disabled" : ""}`} data-testid={rest["data-testid"] ?? "rich-text-editor"}>
      {editor ? <Toolbar editor={editor} disabled={disabled} /> : null}
      <div className="yk-rte-body">
        {empty ? <div className="yk-rte-placeholder">{placeholder}</div> : null}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      ...formatStateOf(e),
      quote: e.isActive("blockquote"),
      code: e.isActive("codeBlock"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState("");

  const upload = useModuleUpload({
    module: "editor",
    check: checkImage,
    success: "图片上传成功",
    fail: "图片上传失败，请重试",
    onDone: (rec) => editor.chain().focus().setImage({ src: rec.file_path, alt: rec.file_name }).run(),
  });
  const picker = useFilePicker({
    accept: ".png,.jpg,.jpeg,image/png,image/jpeg",
    multiple: false,
    testId: "rte-image-input",
    onFiles: (files) => void upload.upload(files[0]!),
  });

  const openLink = () => {
    setHref((editor.getAttributes("link").href as string | undefined) ?? "");
    setLinkOpen(true);
  };
  const applyLink = () => {
    const url = href.trim();
    if (url === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      setLinkOpen(false);
      return;
    }
    if (!LINK_OK.test(url)) {
      toast.error("链接地址需以 http://、https:// 或 mailto: 开头");
      return;
    }
    if (editor.state.selection.empty && !editor.isActive("link")) {
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
    }
    setLinkOpen(false);
  };

  const btn = toolButton("rte", disabled);
  const text = (t: string) => <span className="yk-rte-glyph">{t}</span>;
  const chain = () => editor.chain().focus();

  return (
    <div className="yk-rte-toolbar" data-testid="rte-toolbar">
      {picker.input}
      <FormatControls editor={editor} state={s} prefix="rte" disabled={disabled} />
      {btn("quote", "引用", text("❝"), s.quote, () => chain().toggleBlockquote().run())}
      {btn("code", "代码块", <CodeOutlined />, s.code, () => chain().toggleCodeBlock().run())}
      <Divider orientation="vertical" />
      {btn("link", "链接", <LinkOutlined />, s.link, openLink)}
      {btn("image", "插入图片", <PictureOutlined />, false, () => picker.open(), upload.percent === null)}
      {upload.percent !== null ? <Progress percent={upload.percent} size="small" style={{ width: 90, margin: "0 6px" }} /> : null}
      <Divider orientation="vertical" />
      {btn("undo", "撤销", <UndoOutlined />, false, () => chain().undo().run(), s.canUndo)}
      {btn("redo", "重做", <RedoOutlined />, false, () => chain().redo().run(), s.canRedo)}
      <Modal title="插入链接" open={linkOpen} onOk={applyLink} onCancel={() => setLinkOpen(false)} okText="确定" cancelText="取消" destroyOnHidden width={420}>
        <Input autoFocus value={href} placeholder="https://" data-testid="rte-link-input" onChange={(e) => setHref(e.target.value)} onPressEnter={applyLink} />
        <div className="yk-muted" style={{ marginTop: 6, fontSize: 12 }}>
          留空并确定可移除链接
        </div>
      </Modal>
    </div>
  );
}
