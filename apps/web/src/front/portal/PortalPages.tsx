import { PlaceholderPage } from "../../pages/PlaceholderPage";

/** Issue #11: arrives with this file's work. */
export function ClassroomReviewPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function BigDataPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function PersonalPortraitPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function SchoolPortraitPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function OnlineTeacherDetailsPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function EvaluationClassPage() {
  return <PlaceholderPage />;
}
