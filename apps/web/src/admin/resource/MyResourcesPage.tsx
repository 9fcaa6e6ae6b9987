import { PlaceholderPage } from "../../pages/PlaceholderPage";

/** Issue #11: arrives with this file's work. */
export function MyResourcesPage() {
  return <PlaceholderPage />;
}

/** Issue #11: arrives with this file's work. */
export function SchoolResourcePage() {
  return <PlaceholderPage />;
}
