/** Placeholder (issue #12): its owner replaces the body, keeping the exported names. */
import { EmptyState } from "../components/EmptyState";

export function QuestionnaireManagePage() {
  return <EmptyState text="建设中" />;
}

export function MyQuestionnairePage() {
  return <EmptyState text="建设中" />;
}
