import { getRuntime } from "~/lib/runtime.server";
import { PUBLIC_PAGES } from "~/lib/seo";

export function loader() {
  const { APP_URL } = getRuntime().env;
  const urls = PUBLIC_PAGES.map(
    (path) =>
      `  <url><loc>${APP_URL}${path}</loc><changefreq>monthly</changefreq><priority>${path === "/" ? "1.0" : "0.8"}</priority></url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
