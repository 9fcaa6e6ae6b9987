import { CALLS, CommonImgFields, type CommonImgRow, IMG_ATTRIBUTES, type ImgAttribute } from "@yanke/protocol";
import { Col, Form, Image, Input, InputNumber, Row, Select, Switch, Tag, type FormInstance } from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { StatusSwitch, zodRule } from "./common";
import { compact } from "./entity";
import { EntityPage } from "./EntityPage";
import { SchoolSelect } from "./pickers";
import { platformApi } from "./platform-api";
import { ImageUpload } from "../components/upload";

interface ImgFilters {
  attribute: ImgAttribute | undefined;
  school_id: number | undefined;
  keyword: string;
}
const BLANK: ImgFilters = { attribute: undefined, school_id: undefined, keyword: "" };

export interface ImgFormValues {
  attribute: ImgAttribute;
  title: string;
  img_url: string;
  link_url: string;
  school_id: number | undefined;
  sort: number;
  status: boolean;
  is_shortcut: boolean;
}

function isAttr(v: string): v is ImgAttribute {
  return Object.hasOwn(IMG_ATTRIBUTES, v);
}

const ATTRS: { value: ImgAttribute; label: string }[] = Object.entries(IMG_ATTRIBUTES).flatMap(([k, label]) => (isAttr(k) ? [{ value: k, label }] : []));
const f = CommonImgFields.shape;

export function imgPayload(v: ImgFormValues) {
  return {
    attribute: v.attribute,
    title: (v.title ?? "").trim(),
    img_url: v.img_url.trim(),
    link_url: (v.link_url ?? "").trim(),
    school_id: v.school_id ?? 0,
    sort: v.sort ?? 0,
    status: v.status ? 1 : 0,
    is_shortcut: v.is_shortcut ? 1 : 0,
  };
}

/** 首页图片 (/platform/images): banner, entry, ad and login images; sort; shortcut toggle. */
export function ImagePage() {
  const can = usePermission();
  const qc = useQueryClient();
  return (
    <EntityPage<CommonImgRow, ImgFilters, ImgFormValues>
      testId="image"
      noun="图片"
      fallbackTitle="首页图片"
      queryKey={["images", "page"]}
      blank={BLANK}
      filters={(d, patch, search) => (
        <>
          <Select
            allowClear
            placeholder="图片位置"
            value={d.attribute}
            onChange={(v: ImgAttribute | undefined) => patch({ attribute: v })}
            options={ATTRS}
            style={{ width: 150 }}
            data-testid="image-search-attribute"
          />
          <SchoolSelect testId="image-search-school" value={d.school_id} onChange={(v) => patch({ school_id: v })} placeholder="全平台 / 学校" />
          <Input
            allowClear
            placeholder="标题"
            value={d.keyword}
            onChange={(e) => patch({ keyword: e.target.value })}
            onPressEnter={search}
            style={{ width: 150 }}
            data-testid="image-search-keyword"
          />
        </>
      )}
      list={(pg, fl) => platformApi.imgList({ ...pg, ...compact(fl) })}
      rowName={(r) => r.title || r.attribute_name}
      paths={{ save: CALLS.imgSave, update: CALLS.imgUpdate, remove: CALLS.imgDelete }}
      remove={(r) => platformApi.imgDelete(r.id)}
      newDefaults={(fl) => ({ attribute: fl.attribute ?? "banner", school_id: fl.school_id })}
      scrollX={980}
      columns={[
        {
          title: "图片",
          dataIndex: "img_url",
          width: 120,
          render: (v: string) => (
            <Image src={v} width={96} height={54} style={{ objectFit: "cover", borderRadius: 4 }} fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
          ),
        },
        { title: "标题", dataIndex: "title", ellipsis: true, render: (v: string) => <b data-testid="image-row-title">{v || "—"}</b> },
        { title: "位置", dataIndex: "attribute_name", width: 110, render: (v: string) => <Tag bordered={false}>{v}</Tag> },
        { title: "适用", dataIndex: "school_name", width: 140, ellipsis: true, render: (v: string, r) => (r.school_id ? v : "全平台") },
        {
          title: "排序",
          dataIndex: "sort",
          width: 90,
          render: (v: number, r) =>
            can(CALLS.imgUpdate) ? (
              <SortInput
                value={v}
                onSave={async (sort) => {
                  await platformApi.imgUpdate({ id: r.id, sort });
                  toast.success("排序已保存");
                  void qc.invalidateQueries({ queryKey: ["images"] });
                }}
              />
            ) : (
              v
            ),
        },
        {
          title: "快捷入口",
          dataIndex: "is_shortcut",
          width: 90,
          render: (v: number, r) => (
            <StatusSwitch
              testId="image-shortcut"
              value={v}
              on="是"
              off="否"
              disabled={!can(CALLS.imgShortcut)}
              onToggle={async (next) => {
                await platformApi.imgShortcut(r.id, next);
                toast.success(next ? "已设为快捷入口" : "已取消快捷入口");
              }}
            />
          ),
        },
        {
          title: "状态",
          dataIndex: "status",
          width: 80,
          render: (v: number, r) => (
            <StatusSwitch
              testId="image-status"
              value={v}
              on="显示"
              off="隐藏"
              disabled={!can(CALLS.imgUpdate)}
              onToggle={async (next) => {
                await platformApi.imgUpdate({ id: r.id, status: next });
              }}
            />
          ),
        },
      ]}
      form={{
        width: 620,
        initial: (r) =>
          r
            ? {
                attribute: isAttr(r.attribute) ? r.attribute : "banner",
                title: r.title,
                img_url: r.img_url,
                link_url: r.link_url,
                school_id: r.school_id || undefined,
                sort: r.sort,
                status: r.status === 1,
                is_shortcut: r.is_shortcut === 1,
              }
            : { attribute: "banner", title: "", img_url: "", link_url: "", sort: 0, status: true, is_shortcut: false },
        save: (v) => platformApi.imgSave(imgPayload(v)),
        update: (r, v) => platformApi.imgUpdate({ id: r.id, ...imgPayload(v) }),
        fields: (form) => <ImgFields form={form} />,
      }}
    />
  );
}

function ImgFields({ form }: { form: FormInstance<ImgFormValues> }) {
  const src = Form.useWatch("img_url", form);
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="图片位置" name="attribute" rules={[{ required: true, message: "请选择图片位置" }]}>
          <Select options={ATTRS} data-testid="image-form-attribute" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="适用学校" name="school_id" extra="不选为全平台">
          <SchoolSelect testId="image-form-school" width="100%" placeholder="全平台" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="标题" name="title" rules={[zodRule(f.title)]}>
          <Input maxLength={50} data-testid="image-form-caption" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="上传图片" extra="png 或 jpg，不超过 5MB；上传后自动填入下面的图片地址">
          <ImageUpload
            max={1}
            multiple={false}
            value={[]}
            size={88}
            onChange={(files) => {
              const f = files[files.length - 1];
              if (f) form.setFieldValue("img_url", f.file_path);
            }}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="图片地址" name="img_url" rules={[{ required: true, whitespace: true, message: "请填写图片地址" }, zodRule(f.img_url)]}>
          <Input maxLength={500} placeholder="上传图片，或填写 https://… 地址" data-testid="image-form-url" />
        </Form.Item>
      </Col>
      {src ? (
        <Col span={24} style={{ marginBottom: 12 }}>
          <Image src={src} height={90} style={{ objectFit: "cover", borderRadius: 4 }} fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
        </Col>
      ) : null}
      <Col span={24}>
        <Form.Item label="链接地址" name="link_url" rules={[zodRule(f.link_url)]}>
          <Input maxLength={500} placeholder="选填：点击图片打开的地址" data-testid="image-form-link" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="排序" name="sort" extra="小的在前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: "100%" }} data-testid="image-form-sort" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="显示" name="status" valuePropName="checked">
          <Switch data-testid="image-form-status" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="快捷入口" name="is_shortcut" valuePropName="checked">
          <Switch data-testid="image-form-shortcut" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Inline sort number: saved on Enter or blur when changed (small first). */
function SortInput({ value, onSave }: { value: number; onSave: (sort: number) => Promise<void> }) {
  const [v, setV] = useState<number | null>(value);
  const [busy, setBusy] = useState(false);
  useEffect(() => setV(value), [value]);
  const commit = async () => {
    if (v === null || v === value || busy) return;
    setBusy(true);
    try {
      await onSave(v);
    } catch {
      setV(value);
    } finally {
      setBusy(false);
    }
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={9999}
      precision={0}
      value={v}
      disabled={busy}
      onChange={(n) => setV(n)}
      onBlur={() => void commit()}
      onPressEnter={() => void commit()}
      style={{ width: 70 }}
      data-testid="image-sort"
    />
  );
}
