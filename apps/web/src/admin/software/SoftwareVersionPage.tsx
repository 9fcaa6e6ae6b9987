/** Placeholder (issue #12): its owner replaces the body, keeping the exported names. */
import { EmptyState } from "../../components/EmptyState";

export function SoftwareVersionPage() {
  return <EmptyState text="建设中" />;
}
