import { CALLS, GENDER_NAMES, STUDENT_STATUS_NAMES, STUDENT_TEMPLATE_PATH, StudentFields, type StudentRow } from "@yanke/protocol";
import { Col, Form, Input, Radio, Row, Select, Tag, type FormInstance } from "antd";
import { useState } from "react";
import { useAppState } from "../session/store";
import { basicApi } from "./basic-api";
import { zodRule } from "./common";
import { studentPayload, type StudentFormValues } from "./basic-forms";
import { compact } from "./entity";
import { EntityPage } from "./EntityPage";
import { ImportModal } from "./ImportModal";
import { SchoolSelect, useDefaultSchool, useClasses } from "./pickers";

interface StudentFilters {
  school_id: number | undefined;
  class_id: number | undefined;
  name: string;
  student_no: string;
  status: number | undefined;
}
const BLANK: StudentFilters = { school_id: undefined, class_id: undefined, name: "", student_no: "", status: undefined };

const f = StudentFields.shape;

function ClassFilter({ schoolId, value, onChange }: { schoolId: number | undefined; value: number | undefined; onChange: (v: number | undefined) => void }) {
  const classes = useClasses(schoolId);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: "label" }}
      placeholder={schoolId ? "班级" : "班级（先选学校）"}
      disabled={!schoolId}
      value={value}
      onChange={(v: number | undefined) => onChange(v)}
      options={classes}
      style={{ width: 170 }}
      data-testid="student-search-class"
    />
  );
}

function StudentFormFields({ form, row }: { form: FormInstance<StudentFormValues>; row: StudentRow | null }) {
  const schoolId = Form.useWatch("school_id", form);
  const classes = useClasses(schoolId);
  if (row && !classes.some((c) => c.value === row.class_id)) classes.unshift({ value: row.class_id, label: `${row.grade_name} · ${row.class_name}` });
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="学校" name="school_id" rules={[{ required: true, message: "请选择学校" }]}>
          <SchoolSelect testId="student-form-school" width="100%" placeholder="请选择学校" onChange={() => form.setFieldsValue({ class_id: undefined })} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="班级" name="class_id" rules={[{ required: true, message: "请选择班级" }]}>
          <Select
            showSearch={{ optionFilterProp: "label" }}
            placeholder={schoolId ? "请选择班级" : "请先选择学校"}
            disabled={!schoolId}
            options={classes}
            notFoundContent="该学校还没有班级，请先在班级管理中添加"
            data-testid="student-form-class"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: "请输入姓名" }, zodRule(f.name)]}>
          <Input maxLength={30} data-testid="student-form-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="学号" name="student_no" rules={[{ required: true, whitespace: true, message: "请输入学号" }, zodRule(f.student_no)]}>
          <Input maxLength={32} placeholder="字母、数字、_ 或 -" data-testid="student-form-no" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="性别" name="gender">
          <Radio.Group data-testid="student-form-gender">
            <Radio value={1}>男</Radio>
            <Radio value={2}>女</Radio>
            <Radio value={0}>未填</Radio>
          </Radio.Group>
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="状态" name="status">
          <Radio.Group data-testid="student-form-status">
            <Radio value={1}>在读</Radio>
            <Radio value={0}>离校</Radio>
          </Radio.Group>
        </Form.Item>
      </Col>
    </Row>
  );
}

function StudentImport({ open, close, refresh }: { open: boolean; close: () => void; refresh: () => void }) {
  const own = useAppState((s) => s.session.school_id);
  const [schoolId, setSchoolId] = useState<number | undefined>(undefined);
  return (
    <ImportModal
      open={open}
      title="批量导入学生"
      templates={[{ label: "学生导入模板", href: STUDENT_TEMPLATE_PATH, testId: "template-student" }]}
      send={(p) => basicApi.studentImport({ ...p, ...(schoolId ? { school_id: schoolId } : {}) })}
      onClose={close}
      onImported={refresh}
      extra={(busy) => (
        <div className="yk-form-line">
          <span className="yk-form-label">所属学校</span>
          <SchoolSelect
            testId="import-school"
            width={260}
            placeholder={own ? "默认：我所在的学校" : "请选择学校"}
            value={schoolId}
            onChange={setSchoolId}
            disabled={busy}
          />
          <span className="yk-muted">班级按模板中的“年级”“班级”列匹配</span>
        </div>
      )}
    />
  );
}

/** 学生管理 (/basic/student): server-paged list filtered by school, class, name, number and status. */
export function StudentPage() {
  const school = useDefaultSchool();
  return (
    <EntityPage<StudentRow, StudentFilters, StudentFormValues>
      testId="student"
      noun="学生"
      fallbackTitle="学生管理"
      queryKey={["students", "page"]}
      blank={{ ...BLANK, school_id: school }}
      filters={(d, patch, search) => (
        <>
          <SchoolSelect testId="student-search-school" value={d.school_id} onChange={(v) => patch({ school_id: v, class_id: undefined })} />
          <ClassFilter schoolId={d.school_id} value={d.class_id} onChange={(v) => patch({ class_id: v })} />
          <Input
            allowClear
            placeholder="姓名"
            value={d.name}
            onChange={(e) => patch({ name: e.target.value })}
            onPressEnter={search}
            style={{ width: 120 }}
            data-testid="student-search-name"
          />
          <Input
            allowClear
            placeholder="学号（开头）"
            value={d.student_no}
            onChange={(e) => patch({ student_no: e.target.value })}
            onPressEnter={search}
            style={{ width: 130 }}
            data-testid="student-search-no"
          />
          <Select
            allowClear
            placeholder="状态"
            value={d.status}
            onChange={(v: number | undefined) => patch({ status: v })}
            options={[
              { value: 1, label: "在读" },
              { value: 0, label: "离校" },
            ]}
            style={{ width: 90 }}
            data-testid="student-search-status"
          />
        </>
      )}
      list={(pg, fl) => basicApi.studentList({ ...pg, ...compact(fl) })}
      rowName={(r) => `${r.name}（${r.student_no}）`}
      paths={{
        save: CALLS.studentSave,
        update: CALLS.studentUpdate,
        remove: CALLS.studentDelete,
        batchRemove: CALLS.studentBatchDelete,
        importer: CALLS.studentImport,
        exporter: CALLS.studentExport,
      }}
      remove={(r) => basicApi.studentDelete(r.id)}
      batchRemove={(ids) => basicApi.studentBatchDelete(ids)}
      exportList={(fl) => basicApi.studentExport(compact(fl))}
      exportName="学生列表.xlsx"
      importer={(open, close, refresh) => <StudentImport open={open} close={close} refresh={refresh} />}
      newDefaults={(fl) => ({ school_id: fl.school_id, class_id: fl.class_id })}
      scrollX={960}
      columns={[
        { title: "学号", dataIndex: "student_no", width: 130, render: (v: string) => <span className="yk-mono">{v}</span> },
        { title: "姓名", dataIndex: "name", width: 110, render: (v: string) => <b data-testid="student-row-name">{v}</b> },
        { title: "性别", dataIndex: "gender", width: 60, render: (v: number, r) => r.gender_name || GENDER_NAMES[v] || <span className="yk-muted">—</span> },
        { title: "学校", dataIndex: "school_name", ellipsis: true },
        { title: "年级", dataIndex: "grade_name", width: 90 },
        { title: "班级", dataIndex: "class_name", width: 100 },
        {
          title: "状态",
          dataIndex: "status",
          width: 70,
          render: (v: number, r) => (
            <Tag color={v === 1 ? "success" : "default"} bordered={false}>
              {r.status_name || STUDENT_STATUS_NAMES[v]}
            </Tag>
          ),
        },
        { title: "创建时间", dataIndex: "created_at", width: 150 },
      ]}
      form={{
        width: 620,
        initial: (r) =>
          r
            ? { school_id: r.school_id, class_id: r.class_id, name: r.name, student_no: r.student_no, gender: r.gender, status: r.status }
            : { gender: 0, status: 1 },
        save: (v) => basicApi.studentSave(studentPayload(v)),
        update: (r, v) => basicApi.studentUpdate({ id: r.id, ...studentPayload(v) }),
        fields: (form, row) => <StudentFormFields form={form} row={row} />,
      }}
    />
  );
}
