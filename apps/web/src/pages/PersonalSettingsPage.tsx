import { CheckCircleFilled, ExclamationCircleFilled } from "@ant-design/icons";
import { PROFILE_REQUIRED_FIELDS, isProfileComplete } from "@yanke/protocol";
import { Alert, Card, Descriptions, Progress, Tag } from "antd";
import type { StoredSession } from "../session/session-info";
import { useSession } from "../session/store";
import { UserAvatar } from "../layout/UserDropdown";

type RequiredField = (typeof PROFILE_REQUIRED_FIELDS)[number];

export const PROFILE_FIELD_LABELS: Record<RequiredField, string> = {
  province_id: "省份",
  city_id: "城市",
  njy_area_id: "区县",
  school_id: "学校",
  period_id: "学段",
  subject_id: "学科",
  reputation: "职称",
  entry_year: "入职年份",
  identity: "身份",
  identity_level: "身份级别",
};

function filled(v: unknown): boolean {
  return v !== null && v !== undefined && v !== "" && v !== 0;
}

export function missingProfileFields(s: StoredSession): RequiredField[] {
  return PROFILE_REQUIRED_FIELDS.filter((f) => !filled(s[f]));
}

function show(v: string | number): string {
  return filled(v) ? String(v) : "未填写";
}

/**
 * Personal settings (/NX/personalCenter/personalSettings in every edition; the SSO target
 * for an incomplete profile). Read-only now; editing comes with #7.
 */
export function PersonalSettingsPage() {
  const s = useSession();
  const missing = missingProfileFields(s);
  const total = PROFILE_REQUIRED_FIELDS.length;
  const percent = Math.round(((total - missing.length) / total) * 100);
  const complete = isProfileComplete(s);
  const value = (f: RequiredField) => (
    <span className={filled(s[f]) ? undefined : "yk-missing"} data-testid={`profile-${f}`}>
      {f === "school_id" && s.school_index_name ? s.school_index_name : f === "identity" && s.identity_name ? s.identity_name : show(s[f])}
    </span>
  );
  return (
    <div className="yk-page yk-settings" data-testid="personal-settings">
      <Card variant="borderless">
        <div className="yk-settings-head">
          <UserAvatar accountId={s.account_id} name={s.realname} size={56} />
          <div className="yk-settings-who">
            <div className="yk-settings-name">{s.realname || "未命名用户"}</div>
            <div className="yk-muted">{s.username}</div>
          </div>
          <div className="yk-settings-progress" data-testid="profile-completeness" data-complete={complete ? "1" : "0"}>
            <Progress type="circle" size={72} percent={percent} status={complete ? "success" : "normal"} />
            <div className="yk-muted">资料完整度</div>
          </div>
        </div>
        {complete ? (
          <Alert type="success" showIcon icon={<CheckCircleFilled />} title="个人资料已完善" />
        ) : (
          <Alert
            type="warning"
            showIcon
            icon={<ExclamationCircleFilled />}
            title="请完善个人资料后再使用平台的全部功能"
            description={
              <span>
                尚未填写：
                {missing.map((f) => (
                  <Tag key={f} color="warning" style={{ marginInlineEnd: 4 }}>
                    {PROFILE_FIELD_LABELS[f]}
                  </Tag>
                ))}
              </span>
            }
          />
        )}
      </Card>
      <Card title="个人资料" variant="borderless" extra={<span className="yk-muted">资料编辑将在 #7 中提供</span>}>
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          bordered
          size="small"
          items={[
            { key: "realname", label: "姓名", children: show(s.realname) },
            ...PROFILE_REQUIRED_FIELDS.map((f) => ({ key: f, label: PROFILE_FIELD_LABELS[f], children: value(f) })),
            { key: "region_code", label: "所属区域", children: show(s.region_code) },
          ]}
        />
      </Card>
    </div>
  );
}
