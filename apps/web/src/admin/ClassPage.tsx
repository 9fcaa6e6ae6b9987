import { useQuery } from "@tanstack/react-query";
import { CALLS, type ClassRow, ClassSave } from "@yanke/protocol";
import { Col, Form, Input, InputNumber, Row, Select, Switch, Tag, type FormInstance } from "antd";
import { usePermission } from "../rbac/usePermission";
import { rbacApi } from "./api";
import { basicApi } from "./basic-api";
import { zodRule } from "./common";
import { classPayload, type ClassFormValues } from "./basic-forms";
import { compact, entryYears } from "./entity";
import { EntityPage } from "./EntityPage";
import { SchoolSelect, useDefaultSchool, useGrades } from "./pickers";

interface ClassFilters {
  school_id: number | undefined;
  grade_id: number | undefined;
  entry_year: number | undefined;
  name: string;
}
const BLANK: ClassFilters = { school_id: undefined, grade_id: undefined, entry_year: undefined, name: "" };

const f = ClassSave.shape;
const YEARS = entryYears().map((y) => ({ value: y, label: `${y} 级` }));

function GradeFilter({ schoolId, value, onChange }: { schoolId: number | undefined; value: number | undefined; onChange: (v: number | undefined) => void }) {
  const grades = useGrades(schoolId);
  return (
    <Select
      allowClear
      placeholder={schoolId ? "年级" : "年级（先选学校）"}
      disabled={!schoolId}
      value={value}
      onChange={(v: number | undefined) => onChange(v)}
      options={grades}
      style={{ width: 150 }}
      data-testid="class-search-grade"
    />
  );
}

function ClassFields({ form, row }: { form: FormInstance<ClassFormValues>; row: ClassRow | null }) {
  const schoolId = Form.useWatch("school_id", form);
  const grades = useGrades(schoolId);
  const can = usePermission();
  const teachers = useQuery({
    queryKey: ["accounts", "teachers", schoolId ?? 0],
    enabled: Boolean(schoolId) && can(CALLS.accountList),
    staleTime: 30_000,
    queryFn: () => rbacApi.accountList({ page: 1, limit: 100, school_id: schoolId, identity: 2 }),
  });
  const teacherOptions = (teachers.data?.list ?? []).map((t) => ({ value: t.id, label: `${t.realname}（${t.username}）` }));
  if (row?.head_teacher_id && !teacherOptions.some((o) => o.value === row.head_teacher_id))
    teacherOptions.unshift({ value: row.head_teacher_id, label: row.head_teacher_name || `教师 ${row.head_teacher_id}` });
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="学校" name="school_id" rules={[{ required: true, message: "请选择学校" }]}>
          <SchoolSelect
            testId="class-form-school"
            width="100%"
            placeholder="请选择学校"
            disabled={row !== null}
            onChange={() => form.setFieldsValue({ grade_id: undefined, head_teacher_id: undefined })}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="年级" name="grade_id" rules={[{ required: true, message: "请选择年级" }]}>
          <Select
            showSearch={{ optionFilterProp: "label" }}
            placeholder={schoolId ? "请选择年级" : "请先选择学校"}
            disabled={!schoolId}
            options={grades}
            notFoundContent="该学校还没有年级，请先在学段管理中添加"
            data-testid="class-form-grade"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="班级名称" name="name" rules={[{ required: true, whitespace: true, message: "请输入班级名称" }, zodRule(f.name)]}>
          <Input maxLength={30} placeholder="如：一班、(1)班" data-testid="class-form-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="入学年份" name="entry_year" rules={[{ required: true, message: "请输入入学年份" }, zodRule(f.entry_year)]}>
          <InputNumber min={1950} max={2100} precision={0} style={{ width: "100%" }} data-testid="class-form-entry-year" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="班主任" name="head_teacher_id">
          <Select
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder="选填"
            disabled={!schoolId}
            options={teacherOptions}
            data-testid="class-form-head-teacher"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="启用" name="status" valuePropName="checked">
          <Switch data-testid="class-form-status" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** 班级管理 (/basic/class): filter by school, grade, entry year and name. */
export function ClassPage() {
  const school = useDefaultSchool();
  return (
    <EntityPage<ClassRow, ClassFilters, ClassFormValues>
      testId="class"
      noun="班级"
      fallbackTitle="班级管理"
      queryKey={["classes", "page"]}
      blank={{ ...BLANK, school_id: school }}
      filters={(d, patch, search) => (
        <>
          <SchoolSelect testId="class-search-school" value={d.school_id} onChange={(v) => patch({ school_id: v, grade_id: undefined })} />
          <GradeFilter schoolId={d.school_id} value={d.grade_id} onChange={(v) => patch({ grade_id: v })} />
          <Select
            allowClear
            placeholder="入学年份"
            value={d.entry_year}
            onChange={(v: number | undefined) => patch({ entry_year: v })}
            options={YEARS}
            style={{ width: 110 }}
            data-testid="class-search-entry-year"
          />
          <Input
            allowClear
            placeholder="班级名称"
            value={d.name}
            onChange={(e) => patch({ name: e.target.value })}
            onPressEnter={search}
            style={{ width: 140 }}
            data-testid="class-search-name"
          />
        </>
      )}
      list={(pg, fl) => basicApi.classList({ ...pg, ...compact(fl) })}
      rowName={(r) => `${r.grade_name}${r.name}`}
      paths={{ save: CALLS.classSave, update: CALLS.classUpdate, remove: CALLS.classDelete, batchRemove: CALLS.classBatchDelete }}
      remove={(r) => basicApi.classDelete(r.id)}
      batchRemove={(ids) => basicApi.classBatchDelete(ids)}
      deleteHint="有学生的班级不能删除。"
      newDefaults={(fl) => ({ school_id: fl.school_id, grade_id: fl.grade_id })}
      scrollX={960}
      columns={[
        { title: "班级", dataIndex: "name", width: 120, render: (v: string) => <b data-testid="class-row-name">{v}</b> },
        { title: "学校", dataIndex: "school_name", ellipsis: true },
        { title: "学段", dataIndex: "period_name", width: 80 },
        { title: "年级", dataIndex: "grade_name", width: 90 },
        { title: "入学年份", dataIndex: "entry_year", width: 90, render: (v: number) => (v ? `${v} 级` : "—") },
        { title: "班主任", dataIndex: "head_teacher_name", width: 100, render: (v: string) => v || <span className="yk-muted">未设置</span> },
        { title: "学生数", dataIndex: "student_count", width: 80, align: "right" },
        {
          title: "状态",
          dataIndex: "status",
          width: 70,
          render: (v: number) =>
            v === 1 ? (
              <Tag color="success" bordered={false}>
                启用
              </Tag>
            ) : (
              <Tag bordered={false}>停用</Tag>
            ),
        },
      ]}
      form={{
        width: 620,
        initial: (r) =>
          r
            ? {
                school_id: r.school_id,
                grade_id: r.grade_id,
                name: r.name,
                entry_year: r.entry_year,
                head_teacher_id: r.head_teacher_id || undefined,
                status: r.status === 1,
              }
            : { entry_year: new Date().getFullYear(), status: true },
        save: (v) => basicApi.classSave({ school_id: v.school_id, ...classPayload(v) }),
        update: (r, v) => basicApi.classUpdate({ id: r.id, ...classPayload(v) }),
        fields: (form, row) => <ClassFields form={form} row={row} />,
      }}
    />
  );
}
