import { PlaceholderPage } from "../../pages/PlaceholderPage";

/** Issue #11: arrives with this file's work. */
export function ForegroundHomePage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function TeachEventsHomePage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function SchoolBulletinPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function LiveListPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function AIAnalysisCoursePage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function AIAnalysisCourseVideoPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ForegroundFilmPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ForegroundFilmDetailPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ForegroundFilmMorePage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function KnowledgeMorePage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function KnowledgeMoreVideoPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function ForeMoreTimePage() {
  return <PlaceholderPage />;
}
