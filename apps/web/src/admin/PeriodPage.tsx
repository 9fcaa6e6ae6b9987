import { CALLS, type GradeRow, GradeSave, type PeriodRow, PeriodSave, type SubjectRow, SubjectSave } from "@yanke/protocol";
import { Drawer, Form, Input, InputNumber, Select, Tag, type FormInstance } from "antd";
import { useState } from "react";
import { basicApi } from "./basic-api";
import { DRAWER_WIDTH, zodRule } from "./common";
import { compact } from "./entity";
import { EntityPage } from "./EntityPage";
import { SchoolSelect, usePeriods } from "./pickers";

interface NameSort {
  name: string;
  sort: number;
}
interface SchoolFilter {
  school_id: number | undefined;
}
interface PeriodFilters extends SchoolFilter {
  period_id: number | undefined;
}
interface PeriodFormValues extends NameSort {
  school_id: number | undefined;
}

const pf = PeriodSave.shape;
const gf = GradeSave.shape;
const sf = SubjectSave.shape;

function NameSortFields({
  t,
  label,
  max,
  nameRule,
  placeholder,
}: {
  t: string;
  label: string;
  max: number;
  nameRule: ReturnType<typeof zodRule>;
  placeholder: string;
}) {
  return (
    <>
      <Form.Item label={label} name="name" rules={[{ required: true, whitespace: true, message: `请输入${label}` }, nameRule]}>
        <Input maxLength={max} placeholder={placeholder} data-testid={`${t}-form-name`} />
      </Form.Item>
      <Form.Item label="排序" name="sort" extra="数字小的排在前面">
        <InputNumber min={0} max={100000} precision={0} style={{ width: "100%" }} data-testid={`${t}-form-sort`} />
      </Form.Item>
    </>
  );
}

const nameSortPayload = (v: NameSort) => ({ name: v.name.trim(), sort: v.sort ?? 0 });

/** The grades of one period (inside the period screen's drawer). */
function GradeList({ period }: { period: PeriodRow }) {
  return (
    <EntityPage<GradeRow, Record<string, never>, NameSort>
      embedded
      testId="grade"
      noun="年级"
      fallbackTitle="年级"
      queryKey={["grades", "period", period.id]}
      blank={{}}
      list={(pg) => basicApi.gradeList({ ...pg, period_id: period.id })}
      rowName={(r) => r.name}
      paths={{ save: CALLS.gradeSave, update: CALLS.gradeUpdate, remove: CALLS.gradeDelete }}
      remove={(r) => basicApi.gradeDelete(r.id)}
      deleteHint="有班级的年级不能删除。"
      columns={[
        { title: "年级", dataIndex: "name", render: (v: string) => <b data-testid="grade-row-name">{v}</b> },
        { title: "排序", dataIndex: "sort", width: 70 },
        { title: "班级数", dataIndex: "class_count", width: 80, align: "right" },
      ]}
      form={{
        width: 420,
        initial: (r) => (r ? { name: r.name, sort: r.sort } : { sort: 0 }),
        save: (v) => basicApi.gradeSave({ period_id: period.id, ...nameSortPayload(v) }),
        update: (r, v) => basicApi.gradeUpdate({ id: r.id, ...nameSortPayload(v) }),
        fields: () => <NameSortFields t="grade" label="年级名称" max={20} nameRule={zodRule(gf.name)} placeholder="如：一年级、初一、高一" />,
      }}
    />
  );
}

/** 学段管理 (/basic/period): periods per school; each period's grades in a drawer. */
export function PeriodPage() {
  const [gradesOf, setGradesOf] = useState<PeriodRow | null>(null);
  return (
    <>
      <EntityPage<PeriodRow, SchoolFilter, PeriodFormValues>
        testId="period"
        noun="学段"
        fallbackTitle="学段管理"
        queryKey={["periods", "page"]}
        blank={{ school_id: undefined }}
        filters={(d, patch) => <SchoolSelect testId="period-search-school" value={d.school_id} onChange={(v) => patch({ school_id: v })} />}
        list={(pg, fl) => basicApi.periodList({ ...pg, ...compact(fl) })}
        rowName={(r) => `${r.school_name} ${r.name}`}
        paths={{ save: CALLS.periodSave, update: CALLS.periodUpdate, remove: CALLS.periodDelete }}
        remove={(r) => basicApi.periodDelete(r.id)}
        deleteHint="有年级、学科或班级的学段不能删除。"
        newDefaults={(fl) => ({ school_id: fl.school_id })}
        rowActions={(r) => (
          <a onClick={() => setGradesOf(r)} data-testid="period-grades">
            年级
          </a>
        )}
        columns={[
          { title: "学段", dataIndex: "name", width: 120, render: (v: string) => <b data-testid="period-row-name">{v}</b> },
          { title: "学校", dataIndex: "school_name", ellipsis: true },
          { title: "排序", dataIndex: "sort", width: 70 },
          { title: "年级数", dataIndex: "grade_count", width: 80, align: "right", render: (v: number, r) => <a onClick={() => setGradesOf(r)}>{v}</a> },
          { title: "学科数", dataIndex: "subject_count", width: 80, align: "right" },
        ]}
        form={{
          width: 460,
          initial: (r) => (r ? { school_id: r.school_id, name: r.name, sort: r.sort } : { sort: 0 }),
          save: (v) => basicApi.periodSave({ school_id: v.school_id, ...nameSortPayload(v) }),
          update: (r, v) => basicApi.periodUpdate({ id: r.id, ...nameSortPayload(v) }),
          fields: (_f, row) => (
            <>
              <Form.Item label="学校" name="school_id" rules={[{ required: true, message: "请选择学校" }]}>
                <SchoolSelect testId="period-form-school" width="100%" placeholder="请选择学校" disabled={row !== null} />
              </Form.Item>
              <NameSortFields t="period" label="学段名称" max={20} nameRule={zodRule(pf.name)} placeholder="如：小学、初中、高中" />
            </>
          ),
        }}
      />
      <Drawer
        title={gradesOf ? `${gradesOf.school_name} · ${gradesOf.name} · 年级` : ""}
        open={gradesOf !== null}
        onClose={() => setGradesOf(null)}
        size={DRAWER_WIDTH}
        destroyOnHidden
        data-testid="period-grades-drawer"
      >
        {gradesOf ? <GradeList period={gradesOf} /> : null}
      </Drawer>
    </>
  );
}

function PeriodFilter({ schoolId, value, onChange }: { schoolId: number | undefined; value: number | undefined; onChange: (v: number | undefined) => void }) {
  const periods = usePeriods(schoolId);
  return (
    <Select
      allowClear
      placeholder="学段"
      value={value}
      onChange={(v: number | undefined) => onChange(v)}
      options={periods}
      style={{ width: 170 }}
      data-testid="subject-search-period"
    />
  );
}

interface SubjectFormValues extends NameSort {
  school_id: number | undefined;
  period_id: number | undefined;
}

function SchoolWatch({ form, disabled }: { form: FormInstance<SubjectFormValues>; disabled: boolean }) {
  const schoolId = Form.useWatch("school_id", form);
  const periods = usePeriods(schoolId);
  return (
    <Form.Item label="学段" name="period_id" rules={[{ required: true, message: "请选择学段" }]}>
      <Select placeholder={schoolId ? "请选择学段" : "请先选择学校"} disabled={!schoolId || disabled} options={periods} data-testid="subject-form-period" />
    </Form.Item>
  );
}

/** 学科管理 (/basic/discipline): subjects per period. */
export function DisciplinePage() {
  return (
    <EntityPage<SubjectRow, PeriodFilters, SubjectFormValues>
      testId="subject"
      noun="学科"
      fallbackTitle="学科管理"
      queryKey={["subjects", "page"]}
      blank={{ school_id: undefined, period_id: undefined }}
      filters={(d, patch) => (
        <>
          <SchoolSelect testId="subject-search-school" value={d.school_id} onChange={(v) => patch({ school_id: v, period_id: undefined })} />
          <PeriodFilter schoolId={d.school_id} value={d.period_id} onChange={(v) => patch({ period_id: v })} />
        </>
      )}
      list={(pg, fl) => basicApi.subjectList({ ...pg, ...compact(fl) })}
      rowName={(r) => `${r.period_name}${r.name}`}
      paths={{ save: CALLS.subjectSave, update: CALLS.subjectUpdate, remove: CALLS.subjectDelete }}
      remove={(r) => basicApi.subjectDelete(r.id)}
      newDefaults={(fl) => ({ school_id: fl.school_id, period_id: fl.period_id })}
      columns={[
        { title: "学科", dataIndex: "name", width: 140, render: (v: string) => <b data-testid="subject-row-name">{v}</b> },
        { title: "学段", dataIndex: "period_name", width: 100, render: (v: string) => <Tag bordered={false}>{v}</Tag> },
        { title: "学校", dataIndex: "school_name", ellipsis: true },
        { title: "排序", dataIndex: "sort", width: 70 },
      ]}
      form={{
        width: 460,
        initial: (r) => (r ? { school_id: r.school_id, period_id: r.period_id, name: r.name, sort: r.sort } : { sort: 0 }),
        save: (v) => basicApi.subjectSave({ period_id: v.period_id ?? 0, ...nameSortPayload(v) }),
        update: (r, v) => basicApi.subjectUpdate({ id: r.id, ...nameSortPayload(v) }),
        fields: (form, row) => (
          <>
            <Form.Item label="学校" name="school_id" rules={[{ required: true, message: "请选择学校" }]}>
              <SchoolSelect
                testId="subject-form-school"
                width="100%"
                placeholder="请选择学校"
                disabled={row !== null}
                onChange={() => form.setFieldsValue({ period_id: undefined })}
              />
            </Form.Item>
            <SchoolWatch form={form} disabled={row !== null} />
            <NameSortFields t="subject" label="学科名称" max={20} nameRule={zodRule(sf.name)} placeholder="如：语文、数学" />
          </>
        ),
      }}
    />
  );
}
