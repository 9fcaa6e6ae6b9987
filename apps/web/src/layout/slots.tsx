/**
 * Named slots of the top bar that #3 fills: the five mode tabs, the school switcher,
 * the study-period switcher, the course filter and the unbind-account action (§2).
 * They render an empty marker now so the layout and tests can find where they go.
 */
export function ModeTabsSlot() {
  return <span className="yk-slot" data-slot="mode-tabs" />;
}
export function SchoolSwitcherSlot() {
  return <span className="yk-slot" data-slot="school-switcher" />;
}
export function PeriodSwitcherSlot() {
  return <span className="yk-slot" data-slot="period-switcher" />;
}
export function CourseFilterSlot() {
  return <span className="yk-slot" data-slot="course-filter" />;
}
/** Extra entries of the user dropdown (#3: 解除绑定). */
export const userMenuExtraItems: { key: string; label: string }[] = [];
