import { Card, Tabs } from "antd";
import { useSearchParams } from "react-router";
import { useScreenTitle } from "../../admin/common";
import { AllDayTab } from "./AllDayTab";
import { SupervisionTab } from "./SupervisionTab";
import "./record.css";

const TABS = [
  { key: "supervision", label: "录制监管" },
  { key: "allday", label: "全天录制" },
] as const;

/**
 * 录制计划 (/device/record, view DeviceRecord; docs/api/recording.md): 录制监管 — the recordings (c126) with play,
 * delete (c128) and 手动录制 (c127); 全天录制 — each device's all-day switch (/middle/allDay/set), the month calendar
 * (c121) and a day's hourly parts (c120). `?tab=allday` opens the second tab.
 */
export function RecordPlanPage() {
  const title = useScreenTitle("录制计划");
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "allday" ? "allday" : "supervision";
  return (
    <div className="yk-page" data-testid="record-plan-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>} styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            const next = new URLSearchParams(params);
            if (k === "allday") next.set("tab", k);
            else next.delete("tab");
            setParams(next, { replace: true });
          }}
          destroyOnHidden
          items={TABS.map((t) => ({
            key: t.key,
            label: <span data-testid={`record-tab-${t.key}`}>{t.label}</span>,
            children: t.key === "allday" ? <AllDayTab /> : <SupervisionTab />,
          }))}
        />
      </Card>
    </div>
  );
}
