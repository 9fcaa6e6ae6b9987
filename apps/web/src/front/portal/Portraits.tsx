/**
 * 教师画像 /foreground/personalPortrait?account_id= (default the signed-in teacher) and 学校画像
 * /foreground/schoolPortrait?school_id= (default his school): profiles built from real rows — counts, the radar of
 * evaluation dimensions, the Rt-Ch scatter of analysed lessons (the lesson reports' chart with its mode regions),
 * 12-month trends and lists. The server decides who may see whom (403 shows as a message).
 */
import { useQuery } from "@tanstack/react-query";
import { calls, type SchoolPortrait, type TeacherPortrait } from "@yanke/protocol";
import { Button, Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { Link, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { EChart } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { rtChOption } from "../../research/report/charts";
import { useToken } from "../../session/store";
import { PageHead, Section, StatCards } from "../../community/front/parts";
import { lightBars, lightLines, lightPie, radarOption } from "./portal-charts";
import "./portal.css";

const LISTEN_TYPE: Record<number, string> = { 1: "远程听评课", 2: "精准听评课", 3: "现场听评课" };
const fmt = (n: number | null | undefined, digits = 1) => (n === null || n === undefined ? "—" : n.toFixed(digits));

function SignInFirst({ what }: { what: string }) {
  return (
    <div className="ykp-page">
      <EmptyState
        text={`请登录后查看${what}`}
        extra={
          <Link to="/login">
            <Button type="primary">去登录</Button>
          </Link>
        }
      />
    </div>
  );
}

function Failed({ error }: { error: unknown }) {
  return (
    <div className="ykp-page">
      <EmptyState text={error instanceof Error && error.message ? error.message : "加载失败"} />
    </div>
  );
}

function StChart({ points }: { points: TeacherPortrait["st"]["points"] }) {
  if (!points.length) return <EmptyState compact text="暂无分析课例" />;
  return (
    <EChart
      testId="portrait-rtch"
      height={320}
      option={rtChOption([{ name: "课例", points: points.map((p) => ({ name: p.name, rt: p.rt, ch: p.ch, id: p.id })) }])}
    />
  );
}

function Radar({ dims }: { dims: TeacherPortrait["evaluation"]["dimensions"] }) {
  if (dims.length < 3) {
    if (!dims.length) return <EmptyState compact text="暂无指标评分" />;
    // A radar needs three axes: two dimensions read better as bars.
    return (
      <EChart
        testId="portrait-radar"
        height={300}
        option={lightBars(
          dims.map((d) => d.name),
          [{ name: "平均得分", data: dims.map((d) => d.score) }],
        )}
      />
    );
  }
  return <EChart testId="portrait-radar" height={300} option={radarOption(dims)} />;
}

function Initial({ name, url }: { name: string; url?: string }) {
  return <div className="ykp-avatar">{url ? <img src={url} alt="" loading="lazy" /> : name.slice(0, 1) || "师"}</div>;
}

/** 教师画像. */
export function PersonalPortrait() {
  const signedIn = useToken() !== "";
  const [params] = useSearchParams();
  const accountId = Number(params.get("account_id")) || undefined;
  const q = useQuery({
    queryKey: ["portal", "teacherPortrait", accountId],
    queryFn: () => call(calls.teacherPortrait, { account_id: accountId }, { quiet: true }),
    enabled: signedIn,
  });
  if (!signedIn) return <SignInFirst what="教师画像" />;
  if (q.isError) return <Failed error={q.error} />;
  const d = q.data;
  if (!d)
    return (
      <div className="ykp-page">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  const p = d.profile;
  const c = d.counts;
  const lessonCols: TableColumnsType<TeacherPortrait["lessons"][number]> = [
    { title: "课题", dataIndex: "name", ellipsis: true },
    { title: "类型", dataIndex: "is_type", width: 120, render: (v: number) => <Tag color="blue">{LISTEN_TYPE[v] ?? "听评课"}</Tag> },
    { title: "日期", dataIndex: "date", width: 110 },
    { title: "评价", dataIndex: "evaluations", width: 70, align: "right" },
    { title: "平均分", dataIndex: "mean_score", width: 80, align: "right", render: (v: number | null) => fmt(v) },
  ];
  const workCols: TableColumnsType<TeacherPortrait["works"][number]> = [
    { title: "作品", dataIndex: "title", ellipsis: true },
    { title: "评课活动", dataIndex: "activity_title", ellipsis: true },
    { title: "得分", dataIndex: "score", width: 80, align: "right", render: (v: number | null) => fmt(v) },
    { title: "名次", dataIndex: "rank", width: 70, align: "right", render: (v: number | null) => (v === null ? "—" : `第${v}名`) },
  ];
  return (
    <div className="ykp-page ykf-page" data-testid="teacher-portrait">
      <PageHead
        title="教师画像"
        sub={
          <div className="ykp-profile">
            <Initial name={p.realname} url={p.head_portrait_url} />
            <div>
              <div style={{ fontSize: 22, fontWeight: 600 }} data-testid="portrait-name">
                {p.realname}
              </div>
              <div className="ykp-tags">
                {p.school_name ? (
                  <Link to={`/foreground/schoolPortrait?school_id=${p.school_id}`} style={{ color: "#fff", textDecoration: "underline" }}>
                    {p.school_name}
                  </Link>
                ) : null}
                {p.period_name ? <span>{p.period_name}</span> : null}
                {p.subject_name ? <span>{p.subject_name}</span> : null}
                {p.reputation ? <span>{p.reputation}</span> : null}
                {p.entry_year ? <span>{p.entry_year} 年入职</span> : null}
              </div>
            </div>
          </div>
        }
      />
      <StatCards
        testId="portrait-stats"
        items={[
          { key: "lessons", title: "授课（听评课）", value: c.lessons_given },
          { key: "videos", title: "课堂视频", value: c.videos },
          { key: "analysed", title: "AI 分析", value: c.analysed },
          { key: "received", title: "收到评价", value: c.evaluations_received },
          { key: "given", title: "给出评价", value: c.evaluations_given },
          { key: "preparations", title: "集体备课", value: c.preparations },
          { key: "resources", title: "课程资源", value: c.resources, hint: `已发布 ${c.resources_published}` },
          { key: "works", title: "评课作品", value: c.review_works },
          { key: "activities", title: "社区活动", value: c.activities },
        ]}
      />
      <div className="ykp-grid-2">
        <Section title="评价维度" extra={<Typography.Text type="secondary">平均总分 {fmt(d.evaluation.mean_score)}</Typography.Text>}>
          <Radar dims={d.evaluation.dimensions} />
        </Section>
        <Section
          title="S-T 教学模式"
          extra={
            <Typography.Text type="secondary">
              Rt 均值 {fmt(d.st.mean_rt, 2)} · Ch 均值 {fmt(d.st.mean_ch, 2)}
            </Typography.Text>
          }
        >
          <StChart points={d.st.points} />
        </Section>
      </div>
      <div className="ykp-grid-2">
        <Section title="近12个月">
          <EChart
            height={280}
            testId="portrait-months"
            option={lightLines(
              d.months.map((m) => m.month),
              [
                { name: "视频", data: d.months.map((m) => m.videos) },
                { name: "AI分析", data: d.months.map((m) => m.analysed) },
                { name: "收到评价", data: d.months.map((m) => m.evaluations_received) },
                { name: "给出评价", data: d.months.map((m) => m.evaluations_given) },
              ],
            )}
          />
        </Section>
        <Section title="教学模式分布">
          {d.st.modes.some((m) => m.count) ? (
            <EChart height={280} option={lightPie(d.st.modes.map((m) => ({ name: m.mode, value: m.count })))} />
          ) : (
            <EmptyState compact />
          )}
        </Section>
      </div>
      <Section title="最近授课">
        <Table rowKey="id" size="small" columns={lessonCols} dataSource={d.lessons} pagination={false} scroll={{ x: 520 }} />
      </Section>
      <Section title="评课活动作品">
        <Table rowKey="id" size="small" columns={workCols} dataSource={d.works} pagination={false} scroll={{ x: 480 }} />
      </Section>
    </div>
  );
}

/** 学校画像. */
export function SchoolPortraitView() {
  const signedIn = useToken() !== "";
  const [params] = useSearchParams();
  const schoolId = Number(params.get("school_id")) || undefined;
  const q = useQuery({
    queryKey: ["portal", "schoolPortrait", schoolId],
    queryFn: () => call(calls.schoolPortrait, { school_id: schoolId }, { quiet: true }),
    enabled: signedIn,
  });
  if (!signedIn) return <SignInFirst what="学校画像" />;
  if (q.isError) return <Failed error={q.error} />;
  const d = q.data;
  if (!d)
    return (
      <div className="ykp-page">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  const c = d.counts;
  const teacherCols: TableColumnsType<SchoolPortrait["top_teachers"][number]> = [
    { title: "#", key: "rank", width: 50, render: (_: unknown, __: unknown, i: number) => i + 1 },
    { title: "教师", dataIndex: "realname", render: (v: string, r) => <Link to={`/foreground/personalPortrait?account_id=${r.account_id}`}>{v}</Link> },
    { title: "视频", dataIndex: "videos", width: 70, align: "right" },
    { title: "AI 分析", dataIndex: "analysed", width: 80, align: "right" },
    { title: "收到评价", dataIndex: "evaluations_received", width: 90, align: "right" },
    { title: "平均分", dataIndex: "mean_score", width: 80, align: "right", render: (v: number | null) => fmt(v) },
  ];
  return (
    <div className="ykp-page ykf-page" data-testid="school-portrait">
      <PageHead
        title="学校画像"
        sub={
          <div className="ykp-profile">
            <Initial name={d.profile.title} url={d.profile.logo} />
            <div>
              <div style={{ fontSize: 22, fontWeight: 600 }} data-testid="portrait-name">
                {d.profile.title}
              </div>
              <div className="ykp-tags">
                {d.profile.region_name ? <span>{d.profile.region_name}</span> : null}
                {d.profile.address ? <span>{d.profile.address}</span> : null}
              </div>
            </div>
          </div>
        }
      />
      <StatCards
        testId="portrait-stats"
        items={[
          { key: "teachers", title: "教师", value: c.teachers },
          { key: "classes", title: "班级", value: c.classes },
          { key: "devices", title: "录播设备", value: c.devices, hint: `在线 ${c.devices_online}` },
          { key: "videos", title: "课堂视频", value: c.videos, hint: `录制 ${c.recordings}` },
          { key: "analysed", title: "AI 分析", value: c.analysed },
          { key: "listen", title: "听评课", value: c.listen_records },
          { key: "evaluations", title: "评价", value: c.evaluations },
          { key: "preparations", title: "集体备课", value: c.preparations },
          { key: "resources", title: "发布资源", value: c.resources },
          { key: "works", title: "评课作品", value: c.review_works },
        ]}
      />
      <div className="ykp-grid-2">
        <Section title="学科覆盖">
          {d.subjects.length ? (
            <EChart
              height={300}
              testId="portrait-subjects"
              option={lightBars(
                d.subjects.map((s) => s.name),
                [
                  { name: "视频", data: d.subjects.map((s) => s.videos) },
                  { name: "AI分析", data: d.subjects.map((s) => s.analysed) },
                  { name: "听评课", data: d.subjects.map((s) => s.listen_records) },
                ],
              )}
            />
          ) : (
            <EmptyState compact />
          )}
        </Section>
        <Section title="近12个月">
          <EChart
            height={300}
            testId="portrait-months"
            option={lightLines(
              d.months.map((m) => m.month),
              [
                { name: "视频", data: d.months.map((m) => m.videos) },
                { name: "AI分析", data: d.months.map((m) => m.analysed) },
                { name: "评价", data: d.months.map((m) => m.evaluations_received) },
              ],
            )}
          />
        </Section>
      </div>
      <div className="ykp-grid-2">
        <Section title="评价维度" extra={<Typography.Text type="secondary">平均总分 {fmt(d.evaluation.mean_score)}</Typography.Text>}>
          <Radar dims={d.evaluation.dimensions} />
        </Section>
        <Section
          title="S-T 教学模式"
          extra={
            <Typography.Text type="secondary">
              Rt 均值 {fmt(d.st.mean_rt, 2)} · Ch 均值 {fmt(d.st.mean_ch, 2)}
            </Typography.Text>
          }
        >
          <StChart points={d.st.points} />
        </Section>
      </div>
      <Section title="活跃教师">
        <Table rowKey="account_id" size="small" columns={teacherCols} dataSource={d.top_teachers} pagination={false} scroll={{ x: 520 }} />
      </Section>
    </div>
  );
}
