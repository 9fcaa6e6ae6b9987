/**
 * What the /blog pages (a community's public space, 空间) share: the community of the page (?community_id= or the
 * store's), the "请选择社区" prompt, the coloured avatar, the space header with its join button, the tabs, the
 * sanitized-HTML container and a small sanitizer for notices (their content is stored as given).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type CommunityInfo, type FileRecord, avatarColor, JOIN_BEFORE_COMMENT } from "@yanke/protocol";
import { Avatar, Button, Card, Input, Modal, Result, Space, Spin, Tag } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { FileUpload } from "../../components/upload/FileUpload";
import { getState, setState, useAppState, useToken } from "../../session/store";
import "./blog.css";

/** The community of a /blog page: ?community_id= first, else the store's; 0 when neither. */
export function useBlogCommunityId(): number {
  const [params] = useSearchParams();
  const stored = useAppState((s) => s.community?.community_id ?? 0);
  const fromUrl = Number(params.get("community_id") ?? "");
  return Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : stored;
}

/** The store's current community follows the community a page opened. */
export function rememberCommunity(id: number, name: string): void {
  const c = getState().community;
  if (!c || c.community_id !== id || c.community_name !== name) setState({ community: { community_id: id, community_name: name } });
}

/** A /blog link that keeps the community. */
export function blogHref(path: string, communityId: number, extra: Record<string, string | number> = {}): string {
  const q = new URLSearchParams();
  if (communityId > 0) q.set("community_id", String(communityId));
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Avatar coloured by account id modulo 20 (platform.md §9); the portrait when there is one. */
export function UserAvatar({ id, name, url, size = 32 }: { id: number; name: string; url?: string; size?: number }) {
  return (
    <Avatar size={size} src={url || undefined} style={{ background: avatarColor(id), flex: "none", fontSize: size * 0.45 }}>
      {(name || "?").slice(0, 1)}
    </Avatar>
  );
}

/** The community's home data (c200, public); anonymous callers get quiet failures shown in the page. */
export function useWebIndex(communityId: number) {
  const token = useToken();
  return useQuery({
    queryKey: ["blog", "webIndex", communityId, token !== ""],
    enabled: communityId > 0,
    retry: false,
    queryFn: () => call(calls.communityWebIndex, { community_id: communityId }, { quiet: token === "" }),
  });
}

/** The community and the caller's power (c199, public). */
export function useCommunityInfo(communityId: number) {
  const token = useToken();
  return useQuery({
    queryKey: ["blog", "info", communityId, token !== ""],
    enabled: communityId > 0,
    retry: false,
    queryFn: () => call(calls.communityInfo, { community_id: communityId }, { quiet: token === "" }),
  });
}

/** No community on the URL nor in the store: pick one of mine, or go to the community directory. */
export function ChooseCommunity() {
  const token = useToken();
  const mine = useQuery({
    queryKey: ["blog", "myCommunities"],
    enabled: token !== "",
    queryFn: () => call(calls.myCommunityList, { page: 1, limit: 50 }),
  });
  const joined = (mine.data?.list ?? []).filter((c) => c.member_status === 1 && c.status === 1);
  return (
    <Card className="yk-blog-card" data-testid="blog-choose-community">
      <Result
        status="info"
        title="请选择社区"
        subTitle="空间属于一个社区：从社区首页或我的社区进入，即可查看它的文章、留言和通知公告。"
        extra={
          <Space wrap>
            <Link to="/foreground">
              <Button type="primary">浏览社区</Button>
            </Link>
            {token ? (
              <Link to="/community/home">
                <Button>我的社区</Button>
              </Link>
            ) : (
              <Link to="/login">
                <Button>登录</Button>
              </Link>
            )}
          </Space>
        }
      />
      {token ? (
        mine.isLoading ? (
          <Spin />
        ) : joined.length ? (
          <div className="yk-blog-choose-list">
            {joined.map((c) => (
              <Link key={c.id} to={blogHref("/blog", c.id)} className="yk-blog-choose-item" data-testid="blog-choose-item">
                <CommunityLogo url={c.logo_url} name={c.name} id={c.id} size={40} />
                <div>
                  <b>{c.name}</b>
                  <div className="yk-muted">
                    {c.type_name} · {c.level_name} · {c.member_count} 名成员
                  </div>
                </div>
              </Link>
            ))}
          </div>
        ) : null
      ) : null}
    </Card>
  );
}

/** The refusal of a community the caller may not see (403), or another failure. */
export function CommunityRefusal({ error }: { error: unknown }) {
  const token = useToken();
  const navigate = useNavigate();
  const is403 = error instanceof ApiError && error.code === 403;
  const msg = error instanceof ApiError ? error.message : "加载失败";
  if (is403 && !token) {
    return (
      <Card className="yk-blog-card" data-testid="blog-need-login">
        <Result
          status="403"
          title="请登录后查看"
          subTitle="该社区空间未公开，登录并加入社区后即可查看。"
          extra={
            <Button type="primary" onClick={() => navigate("/login")}>
              去登录
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Card className="yk-blog-card" data-testid="blog-refused">
      <Result
        status={is403 ? "403" : "warning"}
        title={msg || "加载失败"}
        extra={
          <Link to="/foreground">
            <Button>返回社区首页</Button>
          </Link>
        }
      />
    </Card>
  );
}

export function CommunityLogo({ url, name, id, size = 72 }: { url: string; name: string; id: number; size?: number }) {
  return url ? (
    <img src={url} alt="" className="yk-blog-logo" style={{ width: size, height: size }} />
  ) : (
    <div className="yk-blog-logo yk-blog-logo-text" style={{ width: size, height: size, background: avatarColor(id), fontSize: size * 0.42 }}>
      {(name || "社").slice(0, 1)}
    </div>
  );
}

export type BlogTab = "home" | "acticle" | "notice" | "prepare" | "listen" | "discuss" | "add";

/**
 * The space header: banner, logo, name, tags, introduction, counts, join / applying state, and the tabs of the
 * space. `info` is the community with the caller's power.
 */
export function SpaceHeader({ info, active, extra }: { info: CommunityInfo; active: BlogTab; extra?: ReactNode }) {
  const token = useToken();
  const p = info.power;
  const tabs: { key: BlogTab; label: string; to: string; show: boolean }[] = [
    { key: "home", label: "空间首页", to: blogHref("/blog", info.id), show: true },
    { key: "acticle", label: "文章", to: blogHref("/blog/acticle", info.id), show: true },
    { key: "notice", label: "通知公告", to: blogHref("/blog/notice", info.id), show: true },
    { key: "prepare", label: "集体备课", to: blogHref("/blog/collectivePrepare/detailList", info.id), show: true },
    { key: "listen", label: "听评课", to: blogHref("/blog/listenToReviews", info.id), show: true },
    { key: "discuss", label: "研讨", to: blogHref("/blog/discuss", info.id), show: true },
    { key: "add", label: "发布文章", to: blogHref("/blog/add", info.id), show: token !== "" && p.can_post },
  ];
  const counts: [string, number][] = [
    ["成员", info.counts.members],
    ["文章", info.counts.articles],
    ["活动", info.counts.activities],
    ["公告", info.counts.notices],
  ];
  return (
    <div className="yk-blog-header" data-testid="blog-header">
      <div className="yk-blog-banner" style={info.banner_url ? { backgroundImage: `url("${encodeURI(info.banner_url)}")` } : undefined} />
      <div className="yk-blog-header-body">
        <CommunityLogo url={info.logo_url} name={info.name} id={info.id} size={84} />
        <div className="yk-blog-header-main">
          <div className="yk-blog-title-row">
            <h1 className="yk-blog-name" data-testid="blog-community-name">
              {info.name}
            </h1>
            <Tag color="green">{info.type_name}</Tag>
            <Tag>{info.level_name}</Tag>
            {info.community_level > 1 ? <Tag color="gold">{info.community_level_name}</Tag> : null}
          </div>
          <div className="yk-blog-intro">{info.introduction || "这个社区还没有填写简介。"}</div>
          <div className="yk-blog-meta yk-muted">
            {info.owner_name ? <span>创建者：{info.owner_name}</span> : null}
            {info.region_name ? <span>{info.region_name}</span> : null}
            {info.period_name || info.subject_name ? <span>{[info.period_name, info.subject_name].filter(Boolean).join(" · ")}</span> : null}
          </div>
        </div>
        <div className="yk-blog-counts" data-testid="blog-counts">
          {counts.map(([label, n]) => (
            <div key={label} className="yk-blog-count">
              <b>{n}</b>
              <span>{label}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="yk-blog-tabs">
        <nav>
          {tabs
            .filter((t) => t.show)
            .map((t) => (
              <Link key={t.key} to={t.to} className={`yk-blog-tab${t.key === active ? " active" : ""}`} data-testid={`blog-tab-${t.key}`}>
                {t.label}
              </Link>
            ))}
        </nav>
        <div className="yk-blog-tabs-extra">
          {extra}
          <JoinButton info={info} />
        </div>
      </div>
    </div>
  );
}

/** Join (c184) for a signed-in non-member; an application asks for a reason (join_mode 1 or a template). */
export function JoinButton({ info }: { info: CommunityInfo }) {
  const token = useToken();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [form, setForm] = useState<FileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const p = info.power;
  if (!token) {
    return info.status === 1 ? (
      <Button size="small" onClick={() => navigate("/login")} data-testid="blog-login-to-join">
        登录后加入
      </Button>
    ) : null;
  }
  if (p.is_member && p.member_status === 1)
    return (
      <Tag color="success" data-testid="blog-joined">
        {p.role === 1 ? "创建者" : p.role === 2 ? "管理员" : "已加入"}
      </Tag>
    );
  if (p.member_status === 0)
    return (
      <Tag color="processing" data-testid="blog-applying">
        加入申请审核中
      </Tag>
    );
  if (!p.can_join) return null;
  const apply = info.join_mode === 1 || info.apply_template_url !== "";
  const join = async (applyReason: string) => {
    if (info.apply_template_url && form.length === 0) {
      toast.error("请先下载申请模板，填写后上传申请表");
      return;
    }
    setBusy(true);
    try {
      const r = await call(calls.communityJoin, {
        community_id: info.id,
        apply_reason: applyReason,
        apply_file_url: form[0]?.file_path ?? "",
      });
      toast.success(r.member_status === 1 ? "已加入社区" : "申请已提交，请等待审核");
      setOpen(false);
      await qc.invalidateQueries({ queryKey: ["blog"] });
    } catch {
      /* the client showed the refusal */
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="primary" size="small" loading={busy && !open} onClick={() => (apply ? setOpen(true) : void join(""))} data-testid="blog-join">
        {apply ? "申请加入" : "加入社区"}
      </Button>
      <Modal
        title={`申请加入「${info.name}」`}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => void join(reason.trim())}
        okText="提交申请"
        cancelText="取消"
        confirmLoading={busy}
        destroyOnHidden
      >
        {info.apply_template_url ? (
          <div style={{ marginBottom: 12 }}>
            <p className="yk-muted" style={{ marginTop: 0 }}>
              该社区要求填写申请表：先
              <a href={info.apply_template_url} target="_blank" rel="noopener noreferrer">
                下载申请模板
              </a>
              ，填写后上传。
            </p>
            <FileUpload kind="any" max={1} value={form} onChange={setForm} buttonText="上传申请表" />
          </div>
        ) : null}
        <Input.TextArea
          rows={4}
          maxLength={500}
          showCount
          placeholder="请填写申请理由（选填）"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="blog-join-reason"
        />
      </Modal>
    </>
  );
}

/** Sanitized HTML (articles: by the server) shown in the article style. */
export function RichHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className="yk-article-content"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: callers pass sanitized HTML: articles are sanitized by the server on save (article.service.ts → sanitizeRichText), notices and after-class reflections by sanitizeHtml below.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

const DROP = new Set([
  "SCRIPT",
  "STYLE",
  "IFRAME",
  "FRAME",
  "FRAMESET",
  "OBJECT",
  "EMBED",
  "SVG",
  "MATH",
  "FORM",
  "INPUT",
  "TEXTAREA",
  "SELECT",
  "BUTTON",
  "TEMPLATE",
  "NOSCRIPT",
  "LINK",
  "META",
  "BASE",
  "TITLE",
  "HEAD",
  "AUDIO",
  "VIDEO",
  "SOURCE",
  "CANVAS",
]);
const KEEP = new Set([
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "P",
  "BR",
  "HR",
  "DIV",
  "SPAN",
  "UL",
  "OL",
  "LI",
  "STRONG",
  "B",
  "EM",
  "I",
  "U",
  "S",
  "STRIKE",
  "DEL",
  "SUB",
  "SUP",
  "MARK",
  "A",
  "IMG",
  "FIGURE",
  "FIGCAPTION",
  "TABLE",
  "THEAD",
  "TBODY",
  "TFOOT",
  "TR",
  "TH",
  "TD",
  "CAPTION",
  "BLOCKQUOTE",
  "PRE",
  "CODE",
]);
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
const SAFE_SRC = /^(https?:\/\/[^\s"'<>]+|\/files\/\d+[^\s"'<>]*)$/i;

/**
 * A whitelist sanitizer for rich text the server stores as given (notice content): parsed in an inert document
 * (nothing runs, nothing loads), unknown elements unwrapped, dangerous ones dropped with their content, every
 * attribute dropped except safe links and image addresses. Plain text (no tags) keeps its line breaks.
 */
export function sanitizeHtml(html: string): string {
  if (!/[<>&]/.test(html)) return html.replace(/\n/g, "<br>");
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const clean = (el: Element) => {
    for (const child of Array.from(el.children)) {
      const tag = child.tagName.toUpperCase();
      if (DROP.has(tag)) {
        child.remove();
        continue;
      }
      clean(child);
      if (!KEEP.has(tag)) {
        child.replaceWith(...Array.from(child.childNodes));
        continue;
      }
      for (const a of Array.from(child.attributes)) {
        const name = a.name.toLowerCase();
        const v = a.value.trim();
        const ok =
          (tag === "A" && name === "href" && SAFE_HREF.test(v)) ||
          (tag === "IMG" && (name === "src" ? SAFE_SRC.test(v) : name === "alt")) ||
          ((tag === "TD" || tag === "TH") && (name === "colspan" || name === "rowspan") && /^\d{1,2}$/.test(v));
        if (!ok) child.removeAttribute(a.name);
      }
      if (tag === "A") {
        child.setAttribute("rel", "noopener noreferrer");
        child.setAttribute("target", "_blank");
      }
      if (tag === "IMG" && !child.getAttribute("src")) child.remove();
    }
    // comments and processing instructions go too
    for (const n of Array.from(el.childNodes)) if (n.nodeType !== Node.ELEMENT_NODE && n.nodeType !== Node.TEXT_NODE) n.remove();
  };
  clean(doc.body);
  return doc.body.innerHTML;
}

/** Loading / refused / no community: the common frame of a /blog page; children get the community. */
export function BlogFrame({ communityId, children }: { communityId: number; children: (info: CommunityInfo) => ReactNode }) {
  const q = useCommunityInfo(communityId);
  useEffect(() => {
    if (q.data) rememberCommunity(q.data.id, q.data.name);
  }, [q.data]);
  if (communityId <= 0) return <ChooseCommunity />;
  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (q.error) return <CommunityRefusal error={q.error} />;
  if (!q.data) return <EmptyState />;
  return <>{children(q.data)}</>;
}

/** The join hint that replaces a writing box for those who may not post. */
export function JoinHint({ info }: { info: CommunityInfo }) {
  const token = useToken();
  return (
    <div className="yk-blog-join-hint" data-testid="blog-join-hint">
      <span>{JOIN_BEFORE_COMMENT}</span>
      {token ? <JoinButton info={info} /> : <Link to="/login">登录</Link>}
    </div>
  );
}
