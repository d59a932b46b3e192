// Placeholder until the public-site issue fills it.
export function loader() {
  return new Response(
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n',
    {
      headers: { "Content-Type": "application/xml; charset=utf-8" },
    },
  );
}
