/**
 * /foreground/courseResourceVideo?id=<course id> (c078): the course header, its tree (units / lessons) on the left, the
 * selected node's videos in the player with a playlist, its documents (preview / download), the introduction,
 * 教学设计 and 教学总结 tabs and a 相关推荐 strip (same subject, c076). Opening the page counts a view of the course
 * (c078 does, so it is read once per visit); a video that starts counts one view of the video (c074;
 * docs/decisions/1112-front-resource-views.md).
 */
import { DownloadOutlined, EyeOutlined, FileTextOutlined, PlayCircleFilled, PlayCircleOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import {
  calls,
  BIND_TYPES,
  COURSE_TYPE_NAMES,
  RESOURCE_LEVEL_NAMES,
  type CourseResourceRow,
  type ResourceBindRow,
  type VideoCamera,
  type WebResourceInfo,
} from "@yanke/protocol";
import { Breadcrumb, Button, Empty, Result, Spin, Tabs, Tag, Tree } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { sanitizeHtml } from "../../community/blog/blog-common";
import { EmptyState } from "../../components/EmptyState";
import { downloadUrl, FilePreview, formatBytes } from "../../components/upload";
import { attachSource, clock } from "../../pages/video/source";
import { useSession } from "../../session/store";
import { CourseCover, ResourceCard } from "./resource-common";

type Node = CourseResourceRow & { binds: ResourceBindRow[]; children?: Node[] };

/** Every node of the course by id, with the bindings of the node and of everything under it. */
function indexTree(info: WebResourceInfo) {
  const course: Node = {
    ...info.course,
    binds: info.binds ?? [],
    children: (info.tree ?? []).map((u) => ({ ...u, binds: u.binds ?? [], children: (u.children ?? []).map((l) => ({ ...l, binds: l.binds ?? [] })) })),
  };
  const byId = new Map<number, { node: Node; all: ResourceBindRow[] }>();
  const walk = (n: Node): ResourceBindRow[] => {
    const all = [...n.binds, ...(n.children ?? []).flatMap(walk)];
    byId.set(n.id, { node: n, all });
    return all;
  };
  walk(course);
  return { course, byId };
}

/** A binding as a VideoCamera for attachSource: an .m3u8 address plays as HLS, anything else as MP4. */
function cameraOf(b: ResourceBindRow): VideoCamera {
  const src = b.play_url || b.url;
  const hls = /\.m3u8(\?|$)/i.test(src);
  return {
    camera: "main",
    file_id: b.resources_id,
    url: hls ? b.url : src,
    hls_url: hls ? src : "",
    thumbnail_url: b.cover_url,
    sprite_url: "",
    sprite_interval: 0,
    sprite_columns: 0,
    duration: b.duration,
  };
}

function recordView(payload: Record<string, unknown>) {
  void call(calls.webRecordLog, payload, { quiet: true }).catch(() => undefined);
}

function RichTab({ html, testId }: { html: string; testId: string }) {
  if (!html?.replace(/<[^>]*>/g, "").trim()) return <EmptyState compact text="暂无内容" />;
  return (
    <div
      className="yk-article-content ykr-rich"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized here by sanitizeHtml (and by the server on save: resource.service.ts → sanitizeRichText).
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}

function Player({ bind, poster, onStart }: { bind: ResourceBindRow; poster: string; onStart: (b: ResourceBindRow) => void }) {
  const el = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState("");
  const started = useRef(onStart);
  started.current = onStart;
  useEffect(() => {
    const v = el.current;
    if (!v) return;
    setError("");
    let counted = false;
    const onPlaying = () => {
      if (counted) return;
      counted = true;
      started.current(bind);
    };
    v.addEventListener("playing", onPlaying);
    const detach = attachSource(v, cameraOf(bind), setError);
    return () => {
      v.removeEventListener("playing", onPlaying);
      detach();
    };
  }, [bind]);
  return (
    <div className="ykr-stage">
      <video
        ref={el}
        className="ykr-video"
        controls
        playsInline
        preload="metadata"
        poster={bind.cover_url || poster || undefined}
        data-testid="resource-video"
        data-bind-id={bind.id}
        aria-label={bind.title}
      />
      {error ? <div className="ykr-video-error">{error}</div> : null}
    </div>
  );
}

export function CourseResourceVideoView() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const valid = Number.isSafeInteger(id) && id > 0;
  const signedIn = useSession().token !== "";
  const q = useQuery({
    queryKey: ["webResource", "info", id],
    enabled: valid,
    retry: false,
    // c078 counts a view of the course on every read: once per visit, not on focus.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: () => call(calls.webResourceInfo, { resources_id: id }, { quiet: true }),
  });
  const idx = useMemo(() => (q.data ? indexTree(q.data) : null), [q.data]);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(0);
  const [preview, setPreview] = useState<ResourceBindRow | null>(null);

  // The first node with a video (a lesson before its unit), else the course.
  useEffect(() => {
    if (!idx) return;
    const firstWithVideo = [...idx.byId.values()]
      .filter((x) => x.node.binds.some((b) => b.resources_type === BIND_TYPES.video))
      .sort((a, b) => b.node.level - a.node.level)[0];
    setSelected(firstWithVideo && firstWithVideo.node.level === 3 ? firstWithVideo.node.id : idx.course.id);
    setPlaying(0);
  }, [idx]);

  const course = q.data?.course;
  const related = useQuery({
    queryKey: ["webResource", "related", course?.subject_id ?? 0, course?.course_type ?? 0],
    enabled: Boolean(course),
    staleTime: 60_000,
    queryFn: () =>
      call(calls.webResourceList, { page: 1, limit: 7, order: "hot", ...(course?.subject_id ? { subject_id: course.subject_id } : {}) }, { quiet: true }),
  });

  if (!valid) return <Result status="warning" title="缺少课程编号" subTitle="地址应为 /foreground/courseResourceVideo?id=课程编号" />;
  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (q.isError || !q.data || !idx || !course)
    return (
      <Result
        status="404"
        title="课程不存在或未发布"
        subTitle={q.error instanceof Error ? q.error.message : undefined}
        extra={
          <Link to="/foreground/courseResource">
            <Button type="primary">返回课程资源</Button>
          </Link>
        }
      />
    );

  const current = idx.byId.get(selected) ?? idx.byId.get(course.id)!;
  const videos = current.all.filter((b) => b.resources_type === BIND_TYPES.video);
  const docs = current.all.filter((b) => b.resources_type === BIND_TYPES.file);
  const playingBind = videos.find((b) => b.id === playing) ?? videos[0];
  const allBinds = idx.byId.get(course.id)!.all;
  const videoCount = allBinds.filter((b) => b.resources_type === BIND_TYPES.video).length;
  const fileCount = allBinds.length - videoCount;

  const onStart = (b: ResourceBindRow) => {
    recordView({
      video_id: b.resources_id,
      ...(course.school_id ? { school_id: course.school_id } : {}),
      ...(course.period_id ? { period_id: course.period_id } : {}),
    });
  };

  const treeData = [
    {
      key: course.id,
      title: <span className="ykr-tree-course">{course.name}</span>,
      children: (idx.course.children ?? []).map((u) => ({
        key: u.id,
        title: u.name,
        children: (u.children ?? []).map((l) => ({
          key: l.id,
          isLeaf: true,
          title: (
            <span className="ykr-tree-lesson" data-testid="resource-tree-lesson">
              {l.binds.some((b) => b.resources_type === BIND_TYPES.video) ? <PlayCircleOutlined /> : <FileTextOutlined />} {l.name}
            </span>
          ),
        })),
      })),
    },
  ];
  const others = (related.data?.list ?? []).filter((r) => r.id !== course.id).slice(0, 6);

  return (
    <div className="ykr-detail" data-testid="course-resource-video-page" data-resource-id={course.id}>
      <Breadcrumb
        className="ykr-crumb"
        items={[
          { title: <Link to="/foreground/courseResource">课程资源</Link> },
          { title: COURSE_TYPE_NAMES[course.course_type] ?? "课程" },
          { title: course.name },
        ]}
      />
      <header className="ykr-head">
        <CourseCover row={course} className="ykr-head-cover" eager />
        <div className="ykr-head-body">
          <h1 className="ykr-head-title" data-testid="page-title">
            {course.name}
          </h1>
          <div className="ykr-head-tags">
            {COURSE_TYPE_NAMES[course.course_type] ? <Tag color="green">{COURSE_TYPE_NAMES[course.course_type]}</Tag> : null}
            {course.period_name ? <Tag>{course.period_name}</Tag> : null}
            {course.subject_name ? <Tag>{course.subject_name}</Tag> : null}
            {course.grade_name ? <Tag>{course.grade_name}</Tag> : null}
          </div>
          <div className="ykr-head-meta">
            <span>{course.school_name || "—"}</span>
            <span>作者：{course.account_name || "—"}</span>
            <span>
              <PlayCircleOutlined /> 视频 {videoCount}
            </span>
            <span>
              <FileTextOutlined /> 文档 {fileCount}
            </span>
            <span data-testid="resource-views">
              <EyeOutlined /> {course.view_count} 次浏览
            </span>
          </div>
          {course.course_introduce ? <p className="ykr-head-intro">{course.course_introduce}</p> : null}
        </div>
      </header>

      <div className="ykr-detail-grid">
        <aside className="ykr-side" aria-label="课程目录">
          <div className="ykr-side-title">课程目录</div>
          <Tree
            blockNode
            defaultExpandAll
            selectedKeys={[current.node.id]}
            treeData={treeData}
            onSelect={(keys) => {
              if (keys[0] !== undefined) {
                setSelected(Number(keys[0]));
                setPlaying(0);
              }
            }}
            data-testid="resource-tree"
          />
        </aside>

        <section className="ykr-main" aria-label="课程内容">
          <div className="ykr-main-title" data-testid="resource-node-title">
            <Tag>{RESOURCE_LEVEL_NAMES[current.node.level] ?? "节点"}</Tag>
            {current.node.name}
          </div>
          {playingBind ? (
            <div className="ykr-play">
              <Player key={playingBind.id} bind={playingBind} poster={course.cover_url} onStart={onStart} />
              <ol className="ykr-playlist" aria-label="播放列表" data-testid="resource-playlist">
                {videos.map((b, i) => (
                  <li key={b.id}>
                    <button
                      type="button"
                      className={`ykr-playlist-item${b.id === playingBind.id ? " on" : ""}`}
                      aria-current={b.id === playingBind.id}
                      onClick={() => setPlaying(b.id)}
                      data-testid="resource-playlist-item"
                    >
                      <span className="ykr-playlist-index">{b.id === playingBind.id ? <PlayCircleFilled /> : i + 1}</span>
                      <span className="ykr-playlist-name">{b.title || `视频 ${i + 1}`}</span>
                      <span className="ykr-playlist-time">{b.duration ? clock(b.duration) : ""}</span>
                    </button>
                  </li>
                ))}
              </ol>
            </div>
          ) : (
            <div className="ykr-novideo">
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该节点暂无视频" />
            </div>
          )}

          <div className="ykr-docs" data-testid="resource-docs">
            <div className="ykr-side-title">课程文档</div>
            {docs.length === 0 ? (
              <div className="yk-muted ykr-docs-none">暂无文档</div>
            ) : (
              <ul className="ykr-doc-list">
                {docs.map((d) => (
                  <li key={d.id} className="ykr-doc" data-testid="resource-doc">
                    <FileTextOutlined className="ykr-doc-icon" />
                    <span className="ykr-doc-name" title={d.title}>
                      {d.title || "文档"}
                    </span>
                    <span className="ykr-doc-size">{d.size ? formatBytes(d.size) : ""}</span>
                    {signedIn ? (
                      <Button size="small" type="link" onClick={() => setPreview(d)}>
                        预览
                      </Button>
                    ) : (
                      <a className="ant-btn ant-btn-link ant-btn-sm" href={d.play_url || d.url} target="_blank" rel="noopener noreferrer">
                        预览
                      </a>
                    )}
                    <a href={downloadUrl(d.play_url || d.url)} className="ykr-doc-download" aria-label={`下载 ${d.title}`}>
                      <DownloadOutlined /> 下载
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <Tabs
            className="ykr-tabs-panel"
            items={[
              {
                key: "intro",
                label: "课程简介",
                children: course.course_introduce ? <p className="ykr-intro">{course.course_introduce}</p> : <EmptyState compact text="暂无内容" />,
              },
              {
                key: "design",
                label: "教学设计",
                children: <RichTab html={current.node.teaching_design || course.teaching_design} testId="resource-design" />,
              },
              {
                key: "summary",
                label: "教学总结",
                children: <RichTab html={current.node.teaching_summary || course.teaching_summary} testId="resource-summary" />,
              },
            ]}
          />
        </section>
      </div>

      <section className="ykr-related" aria-label="相关推荐" data-testid="resource-related">
        <h2 className="ykr-related-title">相关推荐</h2>
        {others.length ? (
          <div className="ykr-grid ykr-grid-strip">
            {others.map((r) => (
              <ResourceCard key={r.id} row={r} />
            ))}
          </div>
        ) : (
          <EmptyState compact />
        )}
      </section>
      <FilePreview open={preview !== null} fileId={preview?.resources_id ?? null} title={preview?.title} onClose={() => setPreview(null)} />
    </div>
  );
}
