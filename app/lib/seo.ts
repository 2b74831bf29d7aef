import type { MetaDescriptor } from "react-router";

export const PUBLIC_PAGES = ["/", "/products", "/electrify", "/box-charge", "/about-us", "/legal"] as const;

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site's public URL, from the root loader (APP_URL). */
export function appUrlFrom(matches: readonly MatchWithData[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (root && typeof root === "object" && "appUrl" in root && typeof root.appUrl === "string") return root.appUrl;
  return "";
}

/** Title, description, canonical URL and Open Graph tags for a public page. */
export function pageMeta(options: {
  matches: readonly MatchWithData[];
  title: string;
  description: string;
  path: string;
}): MetaDescriptor[] {
  const appUrl = appUrlFrom(options.matches);
  const url = `${appUrl}${options.path}`;
  return [
    { title: options.title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Electrify" },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${appUrl}/og-image.png` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
