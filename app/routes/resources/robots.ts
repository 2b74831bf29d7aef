import { getRuntime } from "~/lib/runtime.server";

export function loader() {
  const { APP_URL } = getRuntime().env;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /depots",
    "Disallow: /account",
    "Disallow: /electrify/",
    "Disallow: /survey",
    "Disallow: /confirmation",
    "Disallow: /investors/",
    "Disallow: /api/",
    "",
    `Sitemap: ${APP_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
