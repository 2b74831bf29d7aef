import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PUBLIC_PAGES } from "~/lib/seo";

import { startAppServer, type AppServer } from "../support/app-server";
import { createTestDatabase } from "../support/test-database";

describe("search engines and link previews", () => {
  let server: AppServer;
  const appUrl = "https://www.electrify.example";

  beforeAll(async () => {
    server = await startAppServer({ DATA_DIR: (await createTestDatabase("sqlite")).dataDir, APP_URL: appUrl });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(PUBLIC_PAGES)("%s has its own title, description, canonical URL and Open Graph tags", async (page) => {
    const html = await (await fetch(`${server.url}${page}`)).text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title).toMatch(/\S/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain(`<link rel="canonical" href="${appUrl}${page}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${appUrl}${page}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${appUrl}/og-image.png"/>`);
  });

  it("gives every public page a different title", async () => {
    const titles = await Promise.all(
      PUBLIC_PAGES.map(
        async (page) => (await (await fetch(`${server.url}${page}`)).text()).match(/<title>([^<]+)<\/title>/)?.[1],
      ),
    );
    expect(new Set(titles).size).toBe(PUBLIC_PAGES.length);
  });

  it("publishes robots.txt that keeps private areas out and points to the sitemap", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /investors/");
    expect(text).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
  });

  it("lists exactly the public pages in sitemap.xml", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PAGES.map((page) => `${appUrl}${page}`));
  });

  it("serves the preview image", async () => {
    const response = await fetch(`${server.url}/og-image.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
  });
});

describe("product videos", () => {
  it("plays a configured file from public/ with the poster, and shows only the poster otherwise", async () => {
    const withVideo = await startAppServer({
      DATA_DIR: (await createTestDatabase("sqlite")).dataDir,
      ELECTRIFY_VIDEO: "/media/electrify-tour.mp4",
    });
    try {
      const html = await (await fetch(`${withVideo.url}/electrify`)).text();
      expect(html).toMatch(/<video[^>]*preload="none"[^>]*poster="\/media\/electrify-poster.svg"/);
      expect(html).toContain('<source src="/media/electrify-tour.mp4" type="video/mp4"/>');
      const boxCharge = await (await fetch(`${withVideo.url}/box-charge`)).text();
      expect(boxCharge).not.toContain("<video");
      expect(boxCharge).toMatch(/<img[^>]*src="\/media\/box-charge-poster.svg"[^>]*loading="lazy"/);
    } finally {
      await withVideo.stop();
    }
  });
});
