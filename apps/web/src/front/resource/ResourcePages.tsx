import { PlaceholderPage } from "../../pages/PlaceholderPage";

/** Issue #11: arrives with this file's work. */
export function CourseResourcePage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function CourseResourceVideoPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ForegroundResourcePage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ResourceOpenClassPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ResourcePlanPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ResourceUClassPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ResourceVideoPage() {
  return <PlaceholderPage />;
}
