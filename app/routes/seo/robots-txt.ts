// Placeholder until the public-site issue fills it.
export function loader() {
  return new Response("User-agent: *\nDisallow: /admin\n", {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
