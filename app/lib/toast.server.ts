import { createContext, createCookie, redirect, type Cookie, type MiddlewareFunction } from "react-router";
import { z } from "zod";

import { getRuntime } from "~/lib/runtime.server";

const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info", "warning"]),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id">;

export const toastContext = createContext<Toast | null>(null);

const TOAST_COOKIE = "electrify_toast";
let cookie: Cookie | undefined;

function toastCookie(): Cookie {
  const { env } = getRuntime();
  cookie ??= createCookie(TOAST_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.SECURE_COOKIES,
    secrets: [env.AUTH_SECRET],
  });
  return cookie;
}

/** A Set-Cookie value that shows `toast` on the next page the browser renders. */
export async function toastCookieHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize({ ...toast, id: crypto.randomUUID() }, { maxAge: 60 });
}

export async function redirectWithToast(url: string, toast: ToastInput, headers: HeadersInit = {}): Promise<Response> {
  const merged = new Headers(headers);
  merged.append("Set-Cookie", await toastCookieHeader(toast));
  return redirect(url, { headers: merged });
}

/** Reads a pending toast into the context and clears it once the response carries it. */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const raw: unknown = await toastCookie().parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  context.set(toastContext, parsed.success ? parsed.data : null);
  const response = await next();
  const isDocumentOrData = response.status < 300 || response.status >= 400;
  const setsNewToast = response.headers.getSetCookie().some((value) => value.startsWith(`${TOAST_COOKIE}=`));
  if (raw !== null && isDocumentOrData && !setsNewToast) {
    response.headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  }
  return response;
};
