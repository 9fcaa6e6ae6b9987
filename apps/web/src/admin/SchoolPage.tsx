import { CALLS, SCHOOL_TEMPLATE_PATH, type SchoolRow, SchoolSave } from "@yanke/protocol";
import { Col, Form, Input, Row, Switch, Tag } from "antd";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { basicApi } from "./basic-api";
import { StatusSwitch, zodRule } from "./common";
import { schoolFormValues, schoolPayload, type SchoolFormValues } from "./basic-forms";
import { compact } from "./entity";
import { EntityPage } from "./EntityPage";
import { ImportModal } from "./ImportModal";
import { RegionSelect } from "./pickers";

interface SchoolFilters {
  title: string;
  code: string;
  region_id: number | undefined;
}
const BLANK: SchoolFilters = { title: "", code: "", region_id: undefined };

const f = SchoolSave.shape;

/** 学校管理 (/basic/school). */
export function SchoolPage() {
  const can = usePermission();
  // Who may create schools may change every field; a school administrator only his school's profile.
  const district = can(CALLS.schoolSave);
  return (
    <EntityPage<SchoolRow, SchoolFilters, SchoolFormValues>
      testId="school"
      noun="学校"
      fallbackTitle="学校管理"
      queryKey={["schools", "page"]}
      blank={BLANK}
      filters={(d, patch, search) => (
        <>
          <Input
            allowClear
            placeholder="学校名称"
            value={d.title}
            onChange={(e) => patch({ title: e.target.value })}
            onPressEnter={search}
            style={{ width: 180 }}
            data-testid="school-search-title"
          />
          <Input
            allowClear
            placeholder="学校编码"
            value={d.code}
            onChange={(e) => patch({ code: e.target.value })}
            onPressEnter={search}
            style={{ width: 130 }}
            data-testid="school-search-code"
          />
          {can(CALLS.regionList) ? (
            <RegionSelect testId="school-search-region" width={200} value={d.region_id} onChange={(v) => patch({ region_id: v })} />
          ) : null}
        </>
      )}
      list={(pg, fl) => basicApi.schoolList({ ...pg, ...compact(fl) })}
      rowName={(r) => r.title}
      paths={{
        save: CALLS.schoolSave,
        update: CALLS.schoolUpdate,
        remove: CALLS.schoolDelete,
        batchRemove: CALLS.schoolBatchDelete,
        importer: CALLS.schoolImport,
        exporter: CALLS.schoolExport,
      }}
      remove={(r) => basicApi.schoolDelete(r.id)}
      batchRemove={(ids) => basicApi.schoolBatchDelete(ids)}
      deleteHint="有班级、学生或账号的学校不能删除。"
      exportList={(fl) => basicApi.schoolExport(compact(fl))}
      exportName="学校列表.xlsx"
      importer={(open, close, refresh) => (
        <ImportModal
          open={open}
          title="批量导入学校"
          templates={[{ label: "学校导入模板", href: SCHOOL_TEMPLATE_PATH, testId: "template-school" }]}
          send={(p) => basicApi.schoolImport(p)}
          onClose={close}
          onImported={refresh}
        />
      )}
      scrollX={1000}
      columns={[
        { title: "学校名称", dataIndex: "title", ellipsis: true, render: (v: string) => <b data-testid="school-row-title">{v}</b> },
        { title: "编码", dataIndex: "code", width: 110, render: (v: string) => v || <span className="yk-muted">—</span> },
        { title: "所属区域", dataIndex: "region_name", ellipsis: true, render: (v: string) => v || <span className="yk-muted">未设置</span> },
        { title: "类型", dataIndex: "school_type", width: 110, render: (v: string) => <Tag bordered={false}>{v}</Tag> },
        { title: "电话", dataIndex: "telephone", width: 120, render: (v: string) => v || <span className="yk-muted">—</span> },
        {
          title: "状态",
          dataIndex: "status",
          width: 76,
          render: (v: number, r) => (
            <StatusSwitch
              testId="school-status"
              value={v}
              disabled={!can(CALLS.schoolQuickOperate)}
              onToggle={async (next) => {
                await basicApi.schoolStatus(r.id, next);
                toast.success(next ? "已启用" : "已停用");
              }}
            />
          ),
        },
        { title: "创建时间", dataIndex: "created_at", width: 150 },
      ]}
      form={{
        width: 640,
        initial: schoolFormValues,
        save: (v) => basicApi.schoolSave(schoolPayload(v)),
        update: (r, v) => basicApi.schoolUpdate({ id: r.id, ...schoolPayload(v) }),
        fields: (_form, r) => (
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item label="学校名称" name="title" rules={[{ required: true, whitespace: true, message: "请输入学校名称" }, zodRule(f.title)]}>
                <Input maxLength={60} placeholder="如：银川市第一中学" data-testid="school-form-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="学校编码" name="code" rules={[zodRule(f.code)]}>
                <Input maxLength={30} placeholder="选填，字母数字" disabled={!district} data-testid="school-form-code" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="所属区域" name="region_id" rules={[{ required: true, message: "请选择所属区域" }]}>
                <RegionSelect testId="school-form-region" initialLabel={r?.region_name} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="学校类型" name="school_type" rules={[zodRule(f.school_type)]}>
                <Input maxLength={30} disabled={!district} data-testid="school-form-type" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="联系电话" name="telephone" rules={[zodRule(f.telephone)]}>
                <Input maxLength={20} placeholder="选填" data-testid="school-form-telephone" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="地址" name="address" rules={[zodRule(f.address)]}>
                <Input maxLength={200} placeholder="选填" data-testid="school-form-address" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="首页名称" name="school_index_name" rules={[zodRule(f.school_index_name)]}>
                <Input maxLength={60} placeholder="选填，校园首页显示的名称" data-testid="school-form-index-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="启用" name="status" valuePropName="checked">
                <Switch disabled={!district} data-testid="school-form-status" />
              </Form.Item>
            </Col>
          </Row>
        ),
      }}
    />
  );
}
