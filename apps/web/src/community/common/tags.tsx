import { ACTIVITY_PHASES, ACTIVITY_TYPES, COMMUNITY_LEVELS, COMMUNITY_TYPES, NOTICE_KIND_NAMES } from "@yanke/protocol";
import { Tag } from "antd";

/** Colours of the community levels 1 校级 … 4 省级. */
const LEVEL_COLORS: Record<number, string> = { 1: "green", 2: "blue", 3: "purple", 4: "gold" };
const TYPE_COLORS: Record<number, string> = { 1: "cyan", 2: "magenta", 3: "volcano", 4: "geekblue" };
const PHASE_COLORS: Record<string, string> = { upcoming: "blue", running: "green", ended: "default" };
const ACTIVITY_TYPE_COLORS: Record<string, string> = {
  research: "cyan",
  preparation: "blue",
  listen: "purple",
  after_class: "orange",
  meeting: "geekblue",
  questionnaire: "gold",
};
const NOTICE_KIND_COLORS: Record<number, string> = { 1: "blue", 2: "green", 3: "volcano", 4: "purple" };

export function CommunityLevelTag({ level, name }: { level: number; name?: string }) {
  const text = name || COMMUNITY_LEVELS[level];
  return text ? (
    <Tag color={LEVEL_COLORS[level] ?? "default"} data-testid="community-level-tag">
      {text}
    </Tag>
  ) : null;
}

export function CommunityTypeTag({ type, name }: { type: number; name?: string }) {
  const text = name || COMMUNITY_TYPES[type];
  return text ? <Tag color={TYPE_COLORS[type] ?? "default"}>{text}</Tag> : null;
}

export function ActivityPhaseTag({ phase, name }: { phase: string; name?: string }) {
  const text = name || ACTIVITY_PHASES[phase] || phase;
  return (
    <Tag color={PHASE_COLORS[phase] ?? "default"} data-testid="activity-phase-tag">
      {text}
    </Tag>
  );
}

export function ActivityTypeTag({ type, name }: { type: string; name?: string }) {
  const text = name || ACTIVITY_TYPES[type] || type;
  return <Tag color={ACTIVITY_TYPE_COLORS[type] ?? "default"}>{text}</Tag>;
}

export function NoticeKindTag({ kind, name }: { kind: number; name?: string }) {
  const text = name || NOTICE_KIND_NAMES[kind] || "通知";
  return <Tag color={NOTICE_KIND_COLORS[kind] ?? "default"}>{text}</Tag>;
}
