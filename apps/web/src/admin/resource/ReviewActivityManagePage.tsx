import { PlaceholderPage } from "../../pages/PlaceholderPage";

/** Issue #11: arrives with this file's work. */
export function ReviewActivityManagePage() {
  return <PlaceholderPage />;
}
