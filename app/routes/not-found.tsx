import { data } from "react-router";

/** Every unknown path: the root error boundary shows "Page not found: {path}" with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
