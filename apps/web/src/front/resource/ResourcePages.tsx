/**
 * The front site's course resources (#11, platform.md §7 Website and front site): /foreground/courseResource (every
 * published course with all filters), /foreground/courseResourceVideo?id= (one course), /foregroundResource (the four
 * course types as sections) and its children /resourceOpenClass /resourcePlan /resourceUClass /resourceVideo (the same
 * shared list with one course_type fixed).
 */
import { RightOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, COURSE_TYPE_NAMES, COURSE_TYPES } from "@yanke/protocol";
import { Spin } from "antd";
import { Link } from "react-router";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { CourseResourceVideoView } from "./CourseResourceVideo";
import { ResourceBrowser } from "./ResourceBrowser";
import { ResourceCard } from "./resource-common";

function Hero({ title, sub }: { title: string; sub: string }) {
  return (
    <div className="ykr-hero">
      <h1 className="ykr-hero-title" data-testid="page-title">
        {title}
      </h1>
      <div className="ykr-hero-sub">{sub}</div>
    </div>
  );
}

/** /foreground/courseResource */
export function CourseResourcePage() {
  return (
    <div className="ykr-page" data-testid="course-resource-page">
      <Hero title="课程资源" sub="区域内各校教师发布的公开课、教案、优课与视频资源" />
      <ResourceBrowser />
    </div>
  );
}

/** /foreground/courseResourceVideo?id= */
export function CourseResourceVideoPage() {
  return (
    <div className="ykr-page">
      <CourseResourceVideoView />
    </div>
  );
}

/** The child page of each type under /foregroundResource. */
const TYPE_PATHS: Readonly<Record<number, string>> = {
  [COURSE_TYPES.openClass]: "/foregroundResource/resourceOpenClass",
  [COURSE_TYPES.plan]: "/foregroundResource/resourcePlan",
  [COURSE_TYPES.uClass]: "/foregroundResource/resourceUClass",
  [COURSE_TYPES.video]: "/foregroundResource/resourceVideo",
};

function TypeSection({ type }: { type: number }) {
  const q = useQuery({
    queryKey: ["webResource", "section", type],
    staleTime: 60_000,
    queryFn: () => call(calls.webResourceList, { page: 1, limit: 4, course_type: type }),
  });
  const name = COURSE_TYPE_NAMES[type] ?? "";
  return (
    <section className="ykr-section" aria-label={name} data-testid="resource-section" data-type={type}>
      <div className="ykr-section-head">
        <h2 className="ykr-section-title">
          {name}
          {q.data ? <span className="ykr-section-count">{q.data.total} 门</span> : null}
        </h2>
        <Link to={TYPE_PATHS[type]!} className="ykr-more" data-testid="resource-section-more">
          更多 <RightOutlined />
        </Link>
      </div>
      {q.isLoading ? (
        <Spin style={{ display: "block", margin: "24px auto" }} />
      ) : (q.data?.list.length ?? 0) === 0 ? (
        <EmptyState compact />
      ) : (
        <div className="ykr-grid ykr-grid-strip">
          {q.data!.list.map((r) => (
            <ResourceCard key={r.id} row={r} />
          ))}
        </div>
      )}
    </section>
  );
}

/** /foregroundResource */
export function ForegroundResourcePage() {
  return (
    <div className="ykr-page" data-testid="foreground-resource-page">
      <Hero title="资源中心" sub="公开课 · 教案资源 · 优课资源 · 视频资源" />
      {Object.keys(COURSE_TYPE_NAMES).map((t) => (
        <TypeSection key={t} type={Number(t)} />
      ))}
    </div>
  );
}

function TypePage({ type }: { type: number }) {
  return (
    <div className="ykr-page" data-testid="resource-type-page" data-type={type}>
      <Hero title={COURSE_TYPE_NAMES[type] ?? "资源"} sub="资源中心" />
      <ResourceBrowser fixedType={type} />
    </div>
  );
}

/** /foregroundResource/resourceOpenClass */
export function ResourceOpenClassPage() {
  return <TypePage type={COURSE_TYPES.openClass} />;
}

/** /foregroundResource/resourcePlan */
export function ResourcePlanPage() {
  return <TypePage type={COURSE_TYPES.plan} />;
}

/** /foregroundResource/resourceUClass */
export function ResourceUClassPage() {
  return <TypePage type={COURSE_TYPES.uClass} />;
}

/** /foregroundResource/resourceVideo */
export function ResourceVideoPage() {
  return <TypePage type={COURSE_TYPES.video} />;
}
