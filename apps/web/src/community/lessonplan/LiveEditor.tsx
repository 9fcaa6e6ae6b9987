/**
 * The live lesson-plan editor (docs/notes/0800 §5): a Y.Doc synced through @hocuspocus/provider with the server at
 * /ws/collab (document lesson:<id>, the session token in the first message), tiptap with Collaboration (the Y undo)
 * and CollaborationCaret (the others' carets with their names and avatar colours), the toolbar, who is editing now,
 * and the save indicator. Read-only when the server opens the connection read-only (the banner 只读).
 * Loaded on its own (React.lazy): the editor bundle is big.
 */
import { CheckCircleFilled, CloudSyncOutlined, DisconnectOutlined, LoadingOutlined, RedoOutlined, TableOutlined, UndoOutlined } from "@ant-design/icons";
import { HocuspocusProvider } from "@hocuspocus/provider";
import Collaboration from "@tiptap/extension-collaboration";
import CollaborationCaret from "@tiptap/extension-collaboration-caret";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { LESSON_PLAN_FIELD, lessonDocName } from "@yanke/protocol";
import { Alert, Avatar, Button, Divider, Dropdown, Spin, Tag, Tooltip } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import * as Y from "yjs";
import { getState, useSession } from "../../session/store";
import { SAVE_STATE_TEXT, authFailureMessage, caretUser, collabUrl, presentUsers, saveState, type CaretUser, type Present, type SaveState } from "./collab";
import { FormatControls, formatStateOf, toolButton } from "../../components/editor/FormatControls";
import { lessonPlanExtensions } from "./extensions";
import "./lessonplan.css";

export interface LiveEditorProps {
  docId: number;
  /** The list's can_edit: false opens read-only even before the server says so. */
  canEdit: boolean;
  /** Called 3 s after the last change of the document (the server stores ≤ 2 s after one): lists may refresh. */
  onStored?: () => void;
}

interface Connection {
  ydoc: Y.Doc;
  provider: HocuspocusProvider;
}

type Status = "connecting" | "connected" | "disconnected";

/** One provider per document; rebuilt when the document changes, destroyed on unmount. */
export default function LiveEditor({ docId, canEdit, onStored }: LiveEditorProps) {
  const session = useSession();
  const [conn, setConn] = useState<Connection | null>(null);
  const [status, setStatus] = useState<Status>("connecting");
  const [everConnected, setEverConnected] = useState(false);
  const [synced, setSynced] = useState(false);
  const [unsynced, setUnsynced] = useState(0);
  const [scope, setScope] = useState<"read-write" | "readonly" | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const stored = useRef(onStored);
  stored.current = onStored;

  useEffect(() => {
    setStatus("connecting");
    setSynced(false);
    setUnsynced(0);
    setScope(null);
    setRefused(null);
    setEverConnected(false);
    const ydoc = new Y.Doc();
    const provider = new HocuspocusProvider({
      url: collabUrl(window.location),
      name: lessonDocName(docId),
      document: ydoc,
      token: () => getState().session.token,
      onStatus: ({ status: s }) => {
        setStatus(s as Status);
        if (s === "connected") setEverConnected(true);
      },
      onSynced: ({ state }) => setSynced(state),
      onUnsyncedChanges: ({ number }) => setUnsynced(number),
      onAuthenticated: ({ scope: sc }) => setScope(sc),
      onAuthenticationFailed: ({ reason }) => setRefused(authFailureMessage(reason, getState().session.token !== "")),
    });
    // Any change (ours or another editor's): the server stores it ≤ 2 s later, then lists may refresh.
    let timer = 0;
    const onUpdate = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => stored.current?.(), 3000);
    };
    ydoc.on("update", onUpdate);
    setConn({ ydoc, provider });
    return () => {
      window.clearTimeout(timer);
      ydoc.off("update", onUpdate);
      provider.destroy();
      ydoc.destroy();
      setConn(null);
    };
  }, [docId]);

  const state = saveState({ status, synced, unsynced, everConnected });

  if (refused) {
    return <Alert type="error" showIcon title="无法打开协同编辑" description={refused} data-testid="lp-refused" style={{ margin: 16 }} />;
  }
  if (!conn) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  const user = caretUser(session);
  const readOnly = !canEdit || scope === "readonly";
  return <CollabEditor key={docId} conn={conn} user={user} state={state} readOnly={readOnly} ready={scope !== null && synced} />;
}

function CollabEditor({ conn, user, state, readOnly, ready }: { conn: Connection; user: CaretUser; state: SaveState; readOnly: boolean; ready: boolean }) {
  const editor = useEditor(
    {
      extensions: [
        ...lessonPlanExtensions(),
        Collaboration.configure({ document: conn.ydoc, field: LESSON_PLAN_FIELD }),
        CollaborationCaret.configure({ provider: conn.provider, user, render: renderCaret }),
      ],
      editable: false,
      editorProps: { attributes: { class: "yk-lp-content", "data-testid": "lp-editor-content", spellcheck: "false" } },
    },
    [conn],
  );
  useEffect(() => {
    editor?.setEditable(ready && !readOnly);
  }, [editor, ready, readOnly]);

  const people = usePresence(conn.provider);

  return (
    <div className="yk-lp-editor" data-testid="lp-editor" data-state={state} data-readonly={readOnly ? "1" : "0"}>
      <div className="yk-lp-editor-top">
        <PresenceBar people={people} />
        <SaveIndicator state={state} />
      </div>
      {readOnly && ready ? (
        <Alert type="info" showIcon banner title={<span data-testid="lp-readonly">只读：你没有该教案的编辑权限（只有备课参与人可以编辑），只能查看</span>} />
      ) : null}
      {editor ? <Toolbar editor={editor} disabled={readOnly || !ready} /> : null}
      <div className="yk-lp-paper">
        {!ready ? (
          <Spin className="yk-lp-loading" tip="正在连接协同编辑服务…">
            <div style={{ height: 60 }} />
          </Spin>
        ) : null}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

/** The caret: a coloured bar with the person's name above it (CollaborationCaret's classes, styled in lessonplan.css). */
function renderCaret(u: Record<string, unknown>): HTMLElement {
  const color = typeof u.color === "string" ? u.color : "#8a9690";
  const caret = document.createElement("span");
  caret.classList.add("collaboration-carets__caret");
  caret.style.borderColor = color;
  const label = document.createElement("div");
  label.classList.add("collaboration-carets__label");
  label.style.backgroundColor = color;
  label.textContent = typeof u.name === "string" ? u.name : "";
  caret.appendChild(label);
  return caret;
}

function usePresence(provider: HocuspocusProvider): Present[] {
  const [people, setPeople] = useState<Present[]>([]);
  useEffect(() => {
    const awareness = provider.awareness;
    if (!awareness) return;
    const update = () => setPeople(presentUsers(awareness.getStates().entries(), awareness.clientID));
    update();
    awareness.on("change", update);
    return () => awareness.off("change", update);
  }, [provider]);
  return people;
}

function PresenceBar({ people }: { people: Present[] }) {
  return (
    <div className="yk-lp-presence" data-testid="lp-presence">
      <span className="yk-muted">正在编辑</span>
      {people.length === 0 ? <span className="yk-muted">—</span> : null}
      {people.map((p) => (
        <Tooltip key={`${p.accountId}-${p.name}`} title={p.tabs > 1 ? `${p.name}（${p.tabs} 个窗口）` : p.name}>
          <span className="yk-lp-person" data-testid="lp-person" data-name={p.name} data-color={p.color}>
            <Avatar size={24} style={{ background: p.color, flex: "none" }}>
              {p.name.slice(0, 1)}
            </Avatar>
            <span className="yk-lp-person-name">{p.self ? `${p.name}（我）` : p.name}</span>
          </span>
        </Tooltip>
      ))}
    </div>
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  const icon: Record<SaveState, ReactNode> = {
    connecting: <LoadingOutlined />,
    saving: <CloudSyncOutlined />,
    saved: <CheckCircleFilled />,
    offline: <DisconnectOutlined />,
  };
  const color: Record<SaveState, string> = { connecting: "default", saving: "processing", saved: "success", offline: "warning" };
  return (
    <Tag color={color[state]} icon={icon[state]} data-testid="lp-save-state" data-state={state} style={{ marginInlineEnd: 0 }}>
      {SAVE_STATE_TEXT[state]}
    </Tag>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      ...formatStateOf(e),
      inTable: e.isActive("table"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const btn = toolButton("lp", disabled);
  const tableItems = [
    { key: "insert", label: "插入表格（3×3）", disabled: s.inTable },
    { type: "divider" as const },
    { key: "rowAfter", label: "在下方插入行", disabled: !s.inTable },
    { key: "colAfter", label: "在右侧插入列", disabled: !s.inTable },
    { key: "delRow", label: "删除当前行", disabled: !s.inTable },
    { key: "delCol", label: "删除当前列", disabled: !s.inTable },
    { type: "divider" as const },
    { key: "delTable", label: "删除表格", danger: true, disabled: !s.inTable },
  ];
  const runTable = (key: string) => {
    const c = chain();
    if (key === "insert") c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    else if (key === "rowAfter") c.addRowAfter().run();
    else if (key === "colAfter") c.addColumnAfter().run();
    else if (key === "delRow") c.deleteRow().run();
    else if (key === "delCol") c.deleteColumn().run();
    else if (key === "delTable") c.deleteTable().run();
  };

  return (
    <div className="yk-lp-toolbar" data-testid="lp-toolbar">
      <FormatControls editor={editor} state={s} prefix="lp" disabled={disabled} />
      <Divider orientation="vertical" />
      <Dropdown disabled={disabled} trigger={["click"]} menu={{ items: tableItems, onClick: ({ key }) => runTable(key) }}>
        <Button
          type="text"
          size="small"
          icon={<TableOutlined />}
          data-testid="lp-table"
          className={s.inTable ? "yk-lp-btn active" : "yk-lp-btn"}
          onMouseDown={(e) => e.preventDefault()}
        >
          表格
        </Button>
      </Dropdown>
      <Divider orientation="vertical" />
      {btn("undo", "撤销（只撤销自己的修改）", <UndoOutlined />, false, () => chain().undo().run(), s.canUndo)}
      {btn("redo", "重做", <RedoOutlined />, false, () => chain().redo().run(), s.canRedo)}
      {disabled ? null : <span className="yk-lp-toolbar-hint">多人同时编辑，内容自动保存</span>}
    </div>
  );
}
