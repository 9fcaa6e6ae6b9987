/** Placeholder (issue #12): its owner replaces the body, keeping the exported names. */
import { EmptyState } from "../components/EmptyState";

export function ReportManagePage() {
  return <EmptyState text="建设中" />;
}
