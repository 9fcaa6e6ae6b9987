/**
 * The questionnaire builder (a full-width drawer): the settings (title, introduction, audience and its picker, once
 * per user, anonymous, times) and the question list (add by type, edit, options, matrix rows, rating scale, text
 * limits, skip rules, move, duplicate, delete), with a live preview of the answering form beside it on wide screens.
 * checkQuestions' first problem is shown above the list and blocks saving; once a response is submitted
 * (questions_locked) the questions are shown read-only with the reason.
 */
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import {
  AUDIENCE_TYPE_NAMES,
  AUDIENCE_TYPES,
  checkQuestions,
  Question as QuestionSchema,
  QUESTION_TYPE_NAMES,
  QUESTION_TYPES,
  SKIP_END,
  type AnswerValue,
  type Answers,
  type Question,
  type QuestionnaireSavePayload,
  type QuestionOption,
  type QuestionType,
  type ActivityRow,
  type ListenRow,
  MEMBER_ROLES,
} from "@yanke/protocol";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
} from "antd";
import dayjs, { type Dayjs } from "../dayjs";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../api/toast";
import { useSchoolOptions } from "../admin/common";
import { useMyCommunities } from "../community/space/common";
import { pickApi, qnApi } from "./api";
import { QuestionInputs } from "./QuestionInputs";

const FMT = "YYYY-MM-DD HH:mm:ss";

export interface BuilderPreset {
  audience_type: number;
  audience_id: number;
}

interface Settings {
  title: string;
  introduce: string;
  audience_type: number;
  audience_id: number;
  login_required: number;
  once_per_user: number;
  anonymous: number;
  start_time: string | null;
  end_time: string | null;
}

const BLANK: Settings = {
  title: "",
  introduce: "",
  audience_type: AUDIENCE_TYPES.link,
  audience_id: 0,
  login_required: 1,
  once_per_user: 1,
  anonymous: 0,
  start_time: null,
  end_time: null,
};

const newKey = (p: string) => `${p}${Math.random().toString(36).slice(2, 8)}`;
const opt = (label: string): QuestionOption => ({ id: newKey("o"), label });

function newQuestion(type: QuestionType): Question {
  const base = { id: newKey("q"), type, title: `${QUESTION_TYPE_NAMES[type]}题` };
  switch (type) {
    case "single":
    case "multiple":
      return QuestionSchema.parse({ ...base, options: [opt("选项1"), opt("选项2")] });
    case "rating":
      return QuestionSchema.parse({ ...base, scale_min: 1, scale_max: 5, min_label: "很不满意", max_label: "非常满意" });
    case "matrix":
      return QuestionSchema.parse({ ...base, rows: [opt("第一行"), opt("第二行")], options: [opt("差"), opt("中"), opt("好")] });
    case "text":
      return QuestionSchema.parse({ ...base, multiline: true, max_length: 500 });
  }
}

/** The first problem of the question list: a field the server would refuse (empty title or option …), else checkQuestions'. */
function firstProblem(qs: Question[]): string | undefined {
  for (const [i, q] of qs.entries()) {
    const r = QuestionSchema.safeParse(q);
    if (!r.success) return `第 ${i + 1} 题: ${r.error.issues[0]?.message ?? "格式不正确"}`;
  }
  return checkQuestions(qs);
}

function move<T>(list: readonly T[], i: number, d: number): T[] {
  const j = i + d;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

export function Builder({
  target,
  preset,
  onClose,
  onSaved,
}: {
  target: number | "new" | null;
  preset?: BuilderPreset;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const open = target !== null;
  const detail = useQuery({
    queryKey: ["questionnaire", "detail", target],
    enabled: typeof target === "number",
    staleTime: 0,
    gcTime: 0,
    queryFn: () => qnApi.detail(target as number),
  });
  const [settings, setSettings] = useState<Settings>(BLANK);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [previewAnswers, setPreviewAnswers] = useState<Answers>({});
  const [saving, setSaving] = useState(false);
  const [titleError, setTitleError] = useState("");
  /** The saved audience's name (the detail's audience_name), shown while the picker's lists do not hold it. */
  const [audienceName, setAudienceName] = useState("");

  useEffect(() => {
    if (target === "new") {
      setSettings({ ...BLANK, ...(preset ?? {}) });
      setQuestions([]);
      setPreviewAnswers({});
      setTitleError("");
      setAudienceName("");
    }
  }, [target, preset]);
  useEffect(() => {
    const d = detail.data;
    if (!d || typeof target !== "number") return;
    setSettings({
      title: d.title,
      introduce: d.introduce,
      audience_type: d.audience_type,
      audience_id: d.audience_id,
      login_required: d.login_required,
      once_per_user: d.once_per_user,
      anonymous: d.anonymous,
      start_time: d.start_time,
      end_time: d.end_time,
    });
    setQuestions(d.questions);
    setPreviewAnswers({});
    setTitleError("");
    setAudienceName(d.audience_name);
  }, [detail.data, target]);

  const locked = Boolean(typeof target === "number" && detail.data?.questions_locked);
  const problem = useMemo(() => (questions.length ? firstProblem(questions) : undefined), [questions]);
  const set = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));
  const setQ = (i: number, patch: Partial<Question>) => setQuestions((qs) => qs.map((q, k) => (k === i ? { ...q, ...patch } : q)));

  const save = async () => {
    if (!settings.title.trim()) {
      setTitleError("请输入问卷标题");
      return;
    }
    const pickName =
      settings.audience_type === AUDIENCE_TYPES.community
        ? "社区"
        : settings.audience_type === AUDIENCE_TYPES.activity
          ? "社区活动"
          : settings.audience_type === AUDIENCE_TYPES.listen
            ? "听评课"
            : "";
    if (pickName && !settings.audience_id) {
      toast.error(`请选择答卷范围的${pickName}`);
      return;
    }
    if (problem && !locked) {
      toast.error(problem);
      return;
    }
    if (settings.start_time && settings.end_time && settings.start_time >= settings.end_time) {
      toast.error("截止时间须晚于开始时间");
      return;
    }
    setSaving(true);
    try {
      const body = { ...settings, title: settings.title.trim(), questions } as QuestionnaireSavePayload;
      if (target === "new") {
        const r = await qnApi.save(body);
        toast.success("问卷已保存为草稿");
        onSaved(r.id);
      } else if (typeof target === "number") {
        const { questions: qs, ...rest } = body;
        await qnApi.update(locked ? { id: target, ...rest } : { id: target, ...rest, questions: qs });
        toast.success("保存成功");
        onSaved(target);
      }
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="100%"
      destroyOnHidden
      title={target === "new" ? "新建问卷" : "编辑问卷"}
      data-testid="qn-builder"
      styles={{ body: { background: "#f5f7f6", padding: 16 } }}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="qb-save">
            保存
          </Button>
        </Space>
      }
    >
      {typeof target === "number" && detail.isLoading ? (
        <Skeleton active />
      ) : (
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card title="基本设置" size="small" style={{ marginBottom: 12 }}>
              <SettingsForm
                settings={settings}
                set={set}
                savedAudience={
                  detail.data && detail.data.audience_type === settings.audience_type && detail.data.audience_id === settings.audience_id ? audienceName : ""
                }
                titleError={titleError}
                clearTitleError={() => setTitleError("")}
              />
            </Card>
            <Card size="small" title={`题目（${questions.length}）`} extra={locked ? <Tag color="orange">已锁定</Tag> : null} data-testid="qb-questions">
              {locked ? (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 12 }}
                  message="已有人提交答卷，题目不能再修改"
                  description="为保证已收集数据的一致性，题目已锁定；标题、说明、时间等设置仍可修改。如需调整题目，请复制问卷后修改新问卷。"
                  data-testid="qb-locked"
                />
              ) : problem ? (
                <Alert type="error" showIcon style={{ marginBottom: 12 }} message={problem} data-testid="qb-problem" />
              ) : null}
              {locked ? (
                <QuestionInputs questions={questions} answers={{}} onChange={() => {}} disabled compact />
              ) : (
                <>
                  {questions.length === 0 ? <Empty description="还没有题目，从下方按题型添加" image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
                  <Space direction="vertical" style={{ width: "100%" }} size={12}>
                    {questions.map((q, i) => (
                      <QuestionEditor
                        key={q.id}
                        q={q}
                        index={i}
                        all={questions}
                        onChange={(patch) => setQ(i, patch)}
                        onMove={(d) => setQuestions((qs) => move(qs, i, d))}
                        onDuplicate={() =>
                          setQuestions((qs) => [
                            ...qs.slice(0, i + 1),
                            { ...q, id: newKey("q"), skip: [], options: q.options.map((o) => ({ ...o })), rows: q.rows.map((r) => ({ ...r })) },
                            ...qs.slice(i + 1),
                          ])
                        }
                        onDelete={() => setQuestions((qs) => qs.filter((_, k) => k !== i).map((x) => ({ ...x, skip: x.skip.filter((r) => r.goto !== q.id) })))}
                      />
                    ))}
                  </Space>
                  <div style={{ marginTop: 12, display: "flex", gap: 8, flexWrap: "wrap", alignItems: "center" }}>
                    <span style={{ color: "#5f6b66" }}>添加题目：</span>
                    {QUESTION_TYPES.map((t) => (
                      <Button key={t} icon={<PlusOutlined />} onClick={() => setQuestions((qs) => [...qs, newQuestion(t)])} data-testid={`qb-add-${t}`}>
                        {QUESTION_TYPE_NAMES[t]}
                      </Button>
                    ))}
                  </div>
                </>
              )}
            </Card>
          </Col>
          <Col xs={0} xl={10}>
            <div style={{ position: "sticky", top: 0 }}>
              <Card
                size="small"
                title="预览（填写效果）"
                data-testid="qb-preview"
                styles={{ body: { background: "#f5f7f6", maxHeight: "calc(100vh - 160px)", overflow: "auto" } }}
              >
                <div style={{ maxWidth: 420, margin: "0 auto" }}>
                  <div style={{ background: "#fff", borderRadius: 10, padding: 12, marginBottom: 10, border: "1px solid #e8ece9" }}>
                    <div style={{ fontSize: 17, fontWeight: 600 }}>{settings.title || "（未填写标题）"}</div>
                    {settings.introduce ? <div style={{ color: "#5f6b66", fontSize: 13, whiteSpace: "pre-wrap" }}>{settings.introduce}</div> : null}
                  </div>
                  {questions.length ? (
                    <QuestionInputs
                      compact
                      questions={questions}
                      answers={previewAnswers}
                      onChange={(qid: string, v: AnswerValue | undefined) =>
                        setPreviewAnswers((a) => {
                          const n = { ...a };
                          if (v === undefined) delete n[qid];
                          else n[qid] = v;
                          return n;
                        })
                      }
                    />
                  ) : (
                    <Empty description="添加题目后在这里预览" image={Empty.PRESENTED_IMAGE_SIMPLE} />
                  )}
                </div>
              </Card>
            </div>
          </Col>
        </Row>
      )}
    </Drawer>
  );
}

function SettingsForm({
  settings,
  set,
  savedAudience,
  titleError,
  clearTitleError,
}: {
  settings: Settings;
  set: (p: Partial<Settings>) => void;
  savedAudience: string;
  titleError: string;
  clearTitleError: () => void;
}) {
  const communities = useMyCommunities();
  const schools = useSchoolOptions();
  const communityOptions = (communities.data?.list ?? []).filter((c) => c.member_status === 1 && c.status === 1).map((c) => ({ value: c.id, label: c.name }));
  const t = settings.audience_type;
  const range: [Dayjs | null, Dayjs | null] = [settings.start_time ? dayjs(settings.start_time) : null, settings.end_time ? dayjs(settings.end_time) : null];
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="问卷标题" required validateStatus={titleError ? "error" : undefined} help={titleError || undefined} style={{ marginBottom: 12 }}>
        <Input
          value={settings.title}
          maxLength={100}
          showCount
          placeholder="例如：2026 年秋季教研活动满意度调查"
          data-testid="qb-title"
          onChange={(e) => {
            set({ title: e.target.value });
            clearTitleError();
          }}
        />
      </Form.Item>
      <Form.Item label="问卷说明" style={{ marginBottom: 12 }}>
        <Input.TextArea
          value={settings.introduce}
          maxLength={2000}
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder="向填写人说明问卷的目的和注意事项（选填）"
          data-testid="qb-introduce"
          onChange={(e) => set({ introduce: e.target.value })}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item label="答卷范围" style={{ marginBottom: 12 }}>
            <Select
              value={t}
              data-testid="qb-audience-type"
              options={Object.entries(AUDIENCE_TYPE_NAMES).map(([v, label]) => ({ value: Number(v), label }))}
              onChange={(v: number) => set({ audience_type: v, audience_id: v === AUDIENCE_TYPES.community ? (communityOptions[0]?.value ?? 0) : 0 })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {t === AUDIENCE_TYPES.community ? (
            <Form.Item label="社区" required style={{ marginBottom: 12 }}>
              <Select
                value={settings.audience_id || undefined}
                placeholder="选择我加入的社区"
                options={communityOptions}
                loading={communities.isLoading}
                showSearch={{ optionFilterProp: "label" }}
                data-testid="qb-audience-community"
                onChange={(v: number) => set({ audience_id: v })}
                notFoundContent="您还没有加入社区"
              />
            </Form.Item>
          ) : t === AUDIENCE_TYPES.school ? (
            <Form.Item label="学校" style={{ marginBottom: 12 }}>
              <Select
                value={settings.audience_id}
                options={[{ value: 0, label: "本校" }, ...schools]}
                data-testid="qb-audience-school"
                onChange={(v: number) => set({ audience_id: v })}
              />
            </Form.Item>
          ) : t === AUDIENCE_TYPES.activity ? (
            <Form.Item label="社区活动" required tooltip="您发起的活动，以及您管理的社区中的活动；可输入名称搜索" style={{ marginBottom: 12 }}>
              <ActivityPicker value={settings.audience_id} savedName={savedAudience} onChange={(v) => set({ audience_id: v })} />
            </Form.Item>
          ) : t === AUDIENCE_TYPES.listen ? (
            <Form.Item
              label="听评课"
              required
              tooltip="只列出您发起的听评课（可输入名称搜索）；也可以在听评课的评价方式中选择“问卷”直接关联"
              style={{ marginBottom: 12 }}
            >
              <ListenPicker value={settings.audience_id} savedName={savedAudience} onChange={(v) => set({ audience_id: v })} />
            </Form.Item>
          ) : (
            <Form.Item label="需要登录" style={{ marginBottom: 12 }} tooltip="关闭后，拿到链接的任何人都可以匿名填写">
              <Switch
                checked={settings.login_required === 1}
                checkedChildren="需要"
                unCheckedChildren="不需要"
                data-testid="qb-login-required"
                onChange={(c) => set({ login_required: c ? 1 : 0 })}
              />
            </Form.Item>
          )}
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item label="开放时间（选填）" style={{ marginBottom: 12 }}>
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              style={{ width: "100%" }}
              value={range}
              placeholder={["开始时间", "截止时间"]}
              onChange={(v) => set({ start_time: v?.[0] ? v[0].format(FMT) : null, end_time: v?.[1] ? v[1].format(FMT) : null })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="填写规则" style={{ marginBottom: 12 }}>
            <Space wrap>
              <Checkbox checked={settings.once_per_user === 1} onChange={(e) => set({ once_per_user: e.target.checked ? 1 : 0 })} data-testid="qb-once">
                每人限答一次
              </Checkbox>
              <Checkbox checked={settings.anonymous === 1} onChange={(e) => set({ anonymous: e.target.checked ? 1 : 0 })} data-testid="qb-anonymous">
                匿名（结果不显示填写人）
              </Checkbox>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

// ── pickers of audiences 3 and 4 (existing calls: c271 role 1; c374 + c393; docs/decisions/1210) ──────────────────

interface PickOption {
  value: number;
  label: string;
  tag: string;
  /** A second, grey tag (where the record stands). */
  state: string;
  line: string;
}

/** The search text, settled 300 ms after the last key. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const t = setTimeout(() => setSettled(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  return settled;
}

const day = (s: string) => (s ? s.slice(0, 10) : "");
const minute = (s: string) => (s ? s.slice(0, 16) : "");

function listenOption(r: ListenRow): PickOption {
  const where = r.community_name || (r.school_name ? `${r.school_name}（未关联社区）` : "未关联社区");
  return { value: r.id, label: r.name, tag: r.is_type_name, state: r.phase_name, line: `${r.record_date || day(r.start_time)} · ${where}` };
}

function activityOption(a: ActivityRow): PickOption {
  const where = a.community_name || a.school_name || "未关联社区";
  const end = day(a.end_time) === day(a.start_time) ? minute(a.end_time).slice(11) : minute(a.end_time);
  return { value: a.id, label: a.name, tag: a.type_name, state: a.phase_name, line: `${where} · ${minute(a.start_time)} 至 ${end}` };
}

/**
 * A searchable Select over a list the server narrows by keyword. The chosen record's name is remembered across
 * searches; a saved record that no list holds shows the questionnaire's audience_name, else "编号 N".
 */
function RecordPicker({
  value,
  onChange,
  savedName,
  options,
  loading,
  search,
  onSearch,
  placeholder,
  empty,
  testId,
}: {
  value: number;
  onChange: (v: number) => void;
  savedName: string;
  options: PickOption[];
  loading: boolean;
  search: string;
  onSearch: (s: string) => void;
  placeholder: string;
  empty: string;
  testId: string;
}) {
  const seen = useRef(new Map<number, string>());
  for (const o of options) seen.current.set(o.value, o.label);
  const nameOf = (id: number) => seen.current.get(id) ?? (savedName || `编号 ${id}`);
  return (
    <Select<number, PickOption>
      value={value || undefined}
      placeholder={placeholder}
      options={options}
      loading={loading}
      allowClear
      showSearch={{ filterOption: false, searchValue: search, onSearch, autoClearSearchValue: true }}
      onChange={(v) => {
        onChange(v ?? 0);
        onSearch("");
      }}
      onOpenChange={(o) => {
        if (!o) onSearch("");
      }}
      labelRender={(p) => <span data-testid={`${testId}-chosen`}>{nameOf(Number(p.value))}</span>}
      optionRender={(o) => (
        <div data-testid={`${testId}-option`} style={{ lineHeight: 1.45, padding: "2px 0" }}>
          <div style={{ display: "flex", gap: 6, alignItems: "center" }}>
            <span style={{ fontWeight: 500, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0, flex: "0 1 auto" }}>
              {o.data.label}
            </span>
            {o.data.tag ? (
              <Tag style={{ marginInlineEnd: 0, flex: "none" }} color="green" bordered={false}>
                {o.data.tag}
              </Tag>
            ) : null}
            {o.data.state ? (
              <Tag style={{ marginInlineEnd: 0, flex: "none" }} bordered={false}>
                {o.data.state}
              </Tag>
            ) : null}
          </div>
          <div style={{ color: "#8a9690", fontSize: 12, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{o.data.line}</div>
        </div>
      )}
      notFoundContent={
        loading ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search.trim() ? "没有匹配的记录" : empty} />
        )
      }
      style={{ width: "100%" }}
      data-testid={testId}
    />
  );
}

/** Audience 4: the listen-evaluate records the caller organised (c271, role 1), newest first. */
function ListenPicker({ value, onChange, savedName }: { value: number; onChange: (v: number) => void; savedName: string }) {
  const [search, setSearch] = useState("");
  const kw = useSettled(search);
  const q = useQuery({ queryKey: ["questionnaire", "pick", "listen", kw], queryFn: () => pickApi.listenMine(kw), staleTime: 30_000 });
  const options = useMemo(() => (q.data?.list ?? []).map(listenOption), [q.data]);
  return (
    <RecordPicker
      value={value}
      onChange={onChange}
      savedName={savedName}
      options={options}
      loading={q.isFetching}
      search={search}
      onSearch={setSearch}
      placeholder="选择您发起的听评课"
      empty="您还没有发起听评课"
      testId="qb-audience-listen"
    />
  );
}

/**
 * Audience 3: the activities the caller created (c374) and, when he owns or administers communities, the activities
 * of those communities among the ones he may see (c393) — the creator or a community manager may address one.
 * Questionnaire activities (the feed entries of questionnaires) are left out.
 */
function ActivityPicker({ value, onChange, savedName }: { value: number; onChange: (v: number) => void; savedName: string }) {
  const [search, setSearch] = useState("");
  const kw = useSettled(search);
  const communities = useMyCommunities();
  const managed = useMemo(
    () =>
      (communities.data?.list ?? []).filter((c) => c.member_status === 1 && (c.role === MEMBER_ROLES.owner || c.role === MEMBER_ROLES.admin)).map((c) => c.id),
    [communities.data],
  );
  const q = useQuery({
    queryKey: ["questionnaire", "pick", "activity", kw, managed],
    enabled: !communities.isLoading,
    staleTime: 30_000,
    queryFn: async () => {
      const [mine, visible] = await Promise.all([pickApi.activitiesMine(kw), managed.length ? pickApi.activitiesVisible(kw) : Promise.resolve(null)]);
      const rows = [...mine.list, ...(visible?.list ?? []).filter((a) => managed.includes(a.community_id))];
      const ids = new Set<number>();
      return rows.filter((a) => {
        if (a.type === "questionnaire" || ids.has(a.id)) return false;
        ids.add(a.id);
        return true;
      });
    },
  });
  const options = useMemo(() => (q.data ?? []).map(activityOption), [q.data]);
  return (
    <RecordPicker
      value={value}
      onChange={onChange}
      savedName={savedName}
      options={options}
      loading={q.isFetching || communities.isLoading}
      search={search}
      onSearch={setSearch}
      placeholder="选择社区活动"
      empty="没有可选的活动（您发起的或您管理的社区中的活动）"
      testId="qb-audience-activity"
    />
  );
}

function QuestionEditor({
  q,
  index,
  all,
  onChange,
  onMove,
  onDuplicate,
  onDelete,
}: {
  q: Question;
  index: number;
  all: readonly Question[];
  onChange: (patch: Partial<Question>) => void;
  onMove: (d: number) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const later = all.slice(index + 1);
  const skipOf = (optionId: string) => q.skip.find((r) => r.option_id === optionId)?.goto;
  const setSkip = (optionId: string, goto: string | undefined) =>
    onChange({ skip: [...q.skip.filter((r) => r.option_id !== optionId), ...(goto ? [{ option_id: optionId, goto }] : [])] });
  const pre = `qb-q-${index}`;
  return (
    <Card
      size="small"
      data-testid={pre}
      style={{ borderColor: "#dfe6e2" }}
      title={
        <Space>
          <Tag color="green">{QUESTION_TYPE_NAMES[q.type]}</Tag>
          <span>第 {index + 1} 题</span>
        </Space>
      }
      extra={
        <Space size={2}>
          <Tooltip title="上移">
            <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onMove(-1)} aria-label="上移" />
          </Tooltip>
          <Tooltip title="下移">
            <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === all.length - 1} onClick={() => onMove(1)} aria-label="下移" />
          </Tooltip>
          <Tooltip title="复制此题">
            <Button type="text" size="small" icon={<CopyOutlined />} onClick={onDuplicate} aria-label="复制此题" />
          </Tooltip>
          <Tooltip title="删除此题">
            <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={onDelete} aria-label="删除此题" data-testid={`${pre}-delete`} />
          </Tooltip>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }} size={8}>
        <Input
          value={q.title}
          maxLength={500}
          placeholder="题目"
          onChange={(e) => onChange({ title: e.target.value })}
          data-testid={`${pre}-title`}
          status={q.title.trim() ? undefined : "error"}
        />
        <Input value={q.description} maxLength={1000} placeholder="题目说明（选填）" onChange={(e) => onChange({ description: e.target.value })} />
        <Checkbox checked={q.required} onChange={(e) => onChange({ required: e.target.checked })} data-testid={`${pre}-required`}>
          必答
        </Checkbox>
        {q.type === "single" || q.type === "multiple" ? (
          <OptionList
            label="选项"
            items={q.options}
            testId={`${pre}-opt`}
            onChange={(options) => onChange({ options, skip: q.skip.filter((r) => options.some((o) => o.id === r.option_id)) })}
            after={
              q.type === "single"
                ? (o, j) => (
                    <Select
                      size="small"
                      style={{ width: 200 }}
                      value={skipOf(o.id) ?? ""}
                      data-testid={`${pre}-skip-${j}`}
                      onChange={(v: string) => setSkip(o.id, v || undefined)}
                      options={[
                        { value: "", label: "选择后：按顺序继续" },
                        ...later.map((x) => ({ value: x.id, label: `跳转到第 ${all.indexOf(x) + 1} 题` })),
                        { value: SKIP_END, label: "结束问卷" },
                      ]}
                    />
                  )
                : undefined
            }
          />
        ) : null}
        {q.type === "multiple" ? (
          <Space wrap>
            <span>最少选</span>
            <InputNumber size="small" min={0} max={q.options.length} value={q.min_select} onChange={(v) => onChange({ min_select: Number(v ?? 0) })} />
            <span>项，最多选</span>
            <InputNumber size="small" min={0} max={q.options.length} value={q.max_select} onChange={(v) => onChange({ max_select: Number(v ?? 0) })} />
            <span style={{ color: "#8a9690" }}>项（0 为不限）</span>
          </Space>
        ) : null}
        {q.type === "matrix" ? (
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <OptionList label="行（每行回答一次）" items={q.rows} testId={`${pre}-row`} onChange={(rows) => onChange({ rows })} min={1} />
            </Col>
            <Col xs={24} md={12}>
              <OptionList label="列（每行共用的选项）" items={q.options} testId={`${pre}-col`} onChange={(options) => onChange({ options })} />
            </Col>
          </Row>
        ) : null}
        {q.type === "rating" ? (
          <Space wrap>
            <span>分值</span>
            <InputNumber
              size="small"
              min={0}
              max={9}
              value={q.scale_min}
              onChange={(v) => onChange({ scale_min: Number(v ?? 0) })}
              data-testid={`${pre}-scale-min`}
            />
            <span>到</span>
            <InputNumber
              size="small"
              min={1}
              max={10}
              value={q.scale_max}
              onChange={(v) => onChange({ scale_max: Number(v ?? 1) })}
              data-testid={`${pre}-scale-max`}
            />
            <Input
              size="small"
              style={{ width: 130 }}
              maxLength={20}
              value={q.min_label}
              placeholder="最低分说明"
              onChange={(e) => onChange({ min_label: e.target.value })}
            />
            <Input
              size="small"
              style={{ width: 130 }}
              maxLength={20}
              value={q.max_label}
              placeholder="最高分说明"
              onChange={(e) => onChange({ max_label: e.target.value })}
            />
          </Space>
        ) : null}
        {q.type === "text" ? (
          <Space wrap>
            <Radio.Group
              size="small"
              value={q.multiline ? 1 : 0}
              onChange={(e) => onChange({ multiline: e.target.value === 1 })}
              optionType="button"
              options={[
                { value: 0, label: "单行" },
                { value: 1, label: "多行" },
              ]}
            />
            <span>字数上限</span>
            <InputNumber size="small" min={1} max={5000} value={q.max_length} onChange={(v) => onChange({ max_length: Number(v ?? 500) })} />
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}

function OptionList({
  label,
  items,
  onChange,
  testId,
  after,
  min = 2,
}: {
  label: string;
  items: QuestionOption[];
  onChange: (items: QuestionOption[]) => void;
  testId: string;
  after?: (o: QuestionOption, j: number) => React.ReactNode;
  min?: number;
}) {
  return (
    <div>
      <div style={{ color: "#5f6b66", marginBottom: 4 }}>{label}</div>
      <Space direction="vertical" style={{ width: "100%" }} size={6}>
        {items.map((o, j) => (
          <div key={o.id} style={{ display: "flex", gap: 6, alignItems: "center", flexWrap: "wrap" }}>
            <Input
              size="small"
              style={{ flex: "1 1 160px", minWidth: 120 }}
              value={o.label}
              maxLength={200}
              status={o.label.trim() ? undefined : "error"}
              data-testid={`${testId}-${j}`}
              onChange={(e) => onChange(items.map((x, k) => (k === j ? { ...x, label: e.target.value } : x)))}
            />
            {after?.(o, j)}
            <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={j === 0} onClick={() => onChange(move(items, j, -1))} aria-label="上移选项" />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={j === items.length - 1}
              onClick={() => onChange(move(items, j, 1))}
              aria-label="下移选项"
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={items.length <= min}
              onClick={() => onChange(items.filter((_, k) => k !== j))}
              aria-label="删除选项"
            />
          </div>
        ))}
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange([...items, opt(`选项${items.length + 1}`)])}
          data-testid={`${testId}-add`}
        >
          添加
        </Button>
      </Space>
    </div>
  );
}
