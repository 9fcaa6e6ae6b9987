import { PlaceholderPage } from "../../pages/PlaceholderPage";

/** Issue #11: arrives with this file's work. */
export function TeachEventsPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function TopicPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function TopicPageVideoPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function VideoListPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function VideoListsPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function EvaluationClassTopicPage() {
  return <PlaceholderPage />;
}
