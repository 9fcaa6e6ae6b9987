import { Radio, Select } from "antd";
import { useState } from "react";
import { useAppState } from "../session/store";
import { rbacApi } from "./api";
import { useAllSchools } from "./pickers";
import { ImportModal } from "./ImportModal";

export type ImportKind = "teacher" | "account";

export const TEMPLATE_URLS: Record<ImportKind, string> = { teacher: "/templates/teacher.xlsx", account: "/templates/account.xlsx" };
const KIND_LABEL: Record<ImportKind, string> = { teacher: "教师", account: "账号" };

/** 导入教师 / 导入账号 (the shared ImportModal with a kind choice and, for teachers, the school). */
export function AccountImport({
  open,
  onClose,
  onImported,
  knownSchools = [],
  kinds = ["teacher", "account"],
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  knownSchools?: readonly { id: number; name: string }[];
  /** The kinds offered (教师管理 offers only teachers). */
  kinds?: readonly ImportKind[];
}) {
  const [chosen, setKind] = useState<ImportKind>("teacher");
  const kind = kinds.includes(chosen) ? chosen : (kinds[0] ?? "teacher");
  const ownSchool = useAppState((s) => s.session.school_id);
  const [schoolId, setSchoolId] = useState<number | undefined>(undefined);
  const schools = useAllSchools(knownSchools);
  return (
    <ImportModal
      open={open}
      title={`批量导入${KIND_LABEL[kind]}`}
      templates={kinds.map((k) => ({ label: `${KIND_LABEL[k]}模板`, href: TEMPLATE_URLS[k], testId: `template-${k}` }))}
      onClose={onClose}
      onImported={onImported}
      send={(p) => rbacApi.accountImport(kind, { ...p, ...(kind === "teacher" && schoolId ? { school_id: schoolId } : {}) })}
      extra={(busy) => (
        <>
          {kinds.length > 1 ? (
            <div className="yk-form-line">
              <span className="yk-form-label">导入类型</span>
              <Radio.Group
                value={kind}
                onChange={(e) => setKind(e.target.value === "account" ? "account" : "teacher")}
                disabled={busy}
                data-testid="import-kind"
              >
                {kinds.map((k) => (
                  <Radio.Button key={k} value={k}>
                    {KIND_LABEL[k]}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </div>
          ) : null}
          {kind === "teacher" && (schools.length > 1 || !ownSchool) ? (
            <div className="yk-form-line">
              <span className="yk-form-label">所属学校</span>
              <Select
                style={{ width: 260 }}
                placeholder="默认：我所在的学校"
                allowClear
                showSearch={{ optionFilterProp: "label" }}
                value={schoolId}
                onChange={(v: number | undefined) => setSchoolId(v)}
                options={schools}
                disabled={busy}
                data-testid="import-school"
              />
              {ownSchool ? null : <span className="yk-muted">未选择时导入到您所在的学校</span>}
            </div>
          ) : null}
        </>
      )}
    />
  );
}
