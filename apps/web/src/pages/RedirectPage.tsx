import { Navigate, useLocation, useParams } from "react-router";

/** /redirect/:path* — re-navigates to the path, remounting its view (tags-strip 刷新). */
export function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const target = `/${params["*"] ?? ""}`;
  return <Navigate to={`${target}${search}`} replace />;
}
