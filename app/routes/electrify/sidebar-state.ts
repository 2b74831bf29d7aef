/** The Electrify sidebar remembers whether it is collapsed for 7 days (specification §9). */
export const SIDEBAR_COOKIE = "electrify_sidebar";
export const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

export function sidebarCollapsedFromCookie(cookieHeader: string | null): boolean {
  return /(?:^|;\s*)electrify_sidebar=collapsed(?:;|$)/.test(cookieHeader ?? "");
}
