import { PlaceholderPage } from "../../pages/PlaceholderPage";

/** Issue #11: arrives with this file's work. */
export function ReviewActivityPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ActivityCourseDetailsPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ActivityWorksPage() {
  return <PlaceholderPage />;
}
