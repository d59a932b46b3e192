import { data } from "react-router";

// Placeholder until the public-site issue fills it.
export function loader() {
  throw data(null, { status: 404 });
}

export default function PostPage() {
  return null;
}
