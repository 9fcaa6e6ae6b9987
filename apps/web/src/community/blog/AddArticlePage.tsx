/**
 * 发布 (/blog/add): a member writes an article — title, cover (ImageUpload), content (RichTextEditor) → c219; with
 * ?id= the author edits his article → c220 (only the fields that changed). Then the article opens.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type PayloadOf, calls, ARTICLE_LIMITS, type ArticleDetail, type CommunityInfo, type FileRecord } from "@yanke/protocol";
import { Button, Card, Form, Input, Result, Space, Spin } from "antd";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, call } from "../../api/client";
import { toast } from "../../api/toast";
import { RichTextEditor, isEmptyRichText } from "../../components/editor/RichTextEditor";
import { ImageUpload } from "../../components/upload/ImageUpload";
import { BlogFrame, JoinHint, SpaceHeader, blogHref, useBlogCommunityId } from "./blog-common";

export function AddArticlePage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? "");
  const editId = Number.isInteger(id) && id > 0 ? id : 0;
  return (
    <div className="yk-page yk-blog" data-testid="AddArticlePage">
      {editId ? <EditLoader id={editId} /> : <NewArticle />}
    </div>
  );
}

function NewArticle() {
  const communityId = useBlogCommunityId();
  return (
    <BlogFrame communityId={communityId}>
      {(info) => (
        <>
          <SpaceHeader info={info} active="add" />
          {info.power.can_post ? (
            <ArticleForm info={info} />
          ) : (
            <Card className="yk-blog-card" style={{ marginTop: 16 }} data-testid="add-not-member">
              <Result status="info" title="请先加入社区后再发布" extra={<JoinHint info={info} />} />
            </Card>
          )}
        </>
      )}
    </BlogFrame>
  );
}

function EditLoader({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ["blog", "article-edit", id],
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
    queryFn: () => call(calls.articleRead, { id }),
  });
  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (q.error || !q.data) {
    return (
      <Card className="yk-blog-card">
        <Result
          status="404"
          title={q.error instanceof ApiError ? q.error.message : "文章不存在或已删除"}
          extra={
            <Link to="/blog">
              <Button>返回空间</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  const a = q.data;
  return (
    <BlogFrame communityId={a.community_id}>
      {(info) => (
        <>
          <SpaceHeader info={info} active="add" />
          {a.can_edit ? (
            <ArticleForm info={info} article={a} />
          ) : (
            <Card className="yk-blog-card" style={{ marginTop: 16 }}>
              <Result
                status="403"
                title="只有文章作者可以修改文章"
                extra={
                  <Link to={blogHref("/blog/acticle", a.community_id, { id: a.id })}>
                    <Button>查看文章</Button>
                  </Link>
                }
              />
            </Card>
          )}
        </>
      )}
    </BlogFrame>
  );
}

/** A cover address shown in ImageUpload (which holds file records). */
function coverRecord(url: string): FileRecord[] {
  if (!url) return [];
  return [
    {
      id: 0,
      file_path: url,
      file_name: "封面",
      file_type: "",
      type: "image",
      size: 0,
      mime: "",
      module: "image",
      account_id: 0,
      duration: null,
      codec: null,
      sha256: "",
      is_public: true,
      create_time: "",
    },
  ];
}

function ArticleForm({ info, article }: { info: CommunityInfo; article?: ArticleDetail }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [title, setTitle] = useState(article?.title ?? "");
  const [cover, setCover] = useState<FileRecord[]>(coverRecord(article?.cover_url ?? ""));
  const [content, setContent] = useState(article?.content ?? "");
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (errors.content && !isEmptyRichText(content)) setErrors((e) => ({ ...e, content: undefined }));
  }, [content, errors.content]);

  const submit = async () => {
    const t = title.trim();
    const next: typeof errors = {};
    if (!t) next.title = "请输入文章标题";
    if (isEmptyRichText(content)) next.content = "请输入文章内容";
    setErrors(next);
    if (next.title || next.content) return;
    const coverUrl = cover[0]?.file_path ?? "";
    setBusy(true);
    try {
      let saved: ArticleDetail;
      if (article) {
        const patch: PayloadOf<typeof calls.articleUpdate> = { id: article.id };
        if (t !== article.title) patch.title = t;
        if (content !== article.content) patch.content = content;
        if (coverUrl !== article.cover_url) patch.cover_url = coverUrl;
        if (Object.keys(patch).length === 1) {
          toast.info("没有要修改的内容");
          setBusy(false);
          return;
        }
        saved = await call(calls.articleUpdate, patch);
        toast.success("修改成功");
      } else {
        saved = await call(calls.articleSave, { community_id: info.id, title: t, content, cover_url: coverUrl });
        toast.success("发表成功");
      }
      await qc.invalidateQueries({ queryKey: ["blog"] });
      void navigate(blogHref("/blog/acticle", saved.community_id, { id: saved.id }));
    } catch {
      /* the client showed the refusal */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="yk-blog-card" style={{ marginTop: 16 }} title={article ? "编辑文章" : "发布文章"} data-testid="article-form">
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label="标题" required validateStatus={errors.title ? "error" : undefined} help={errors.title}>
          <Input
            value={title}
            maxLength={ARTICLE_LIMITS.title}
            showCount
            placeholder="请输入文章标题"
            onChange={(e) => {
              setTitle(e.target.value);
              if (errors.title && e.target.value.trim()) setErrors((x) => ({ ...x, title: undefined }));
            }}
            data-testid="article-title-input"
          />
        </Form.Item>
        <Form.Item label="封面" extra="选填，png / jpg，不超过 5M">
          <ImageUpload value={cover} onChange={setCover} max={1} multiple={false} size={120} />
        </Form.Item>
        <Form.Item label="正文" required validateStatus={errors.content ? "error" : undefined} help={errors.content}>
          <RichTextEditor value={content} onChange={setContent} placeholder="请输入文章内容，可插入图片、链接……" data-testid="article-editor" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="article-submit">
            {article ? "保存修改" : "发布"}
          </Button>
          <Button onClick={() => navigate(article ? blogHref("/blog/acticle", article.community_id, { id: article.id }) : blogHref("/blog", info.id))}>
            取消
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
