import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

import { SESSION_COOKIE_PATTERN } from "~/lib/auth/constants";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Security headers on every response; the CSP nonce is fresh per request and handed to React via res.locals. */
export function securityHeaders(options: { dev: boolean; secure: boolean; imageOrigins?: string[] }): RequestHandler {
  const imgSrc = ["'self'", "data:", "blob:", ...(options.imageOrigins ?? [])].join(" ");
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = options.dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
    const connectSrc = options.dev ? "'self' ws: wss:" : "'self'";
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        // Radix and sonner position elements with inline style attributes.
        "style-src 'self' 'unsafe-inline'",
        // The energy map's tiles come from the configured tile server.
        `img-src ${imgSrc}`,
        "font-src 'self'",
        `connect-src ${connectSrc}`,
        "media-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        ...(options.secure ? ["upgrade-insecure-requests"] : []),
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()");
    if (options.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Cross-site request forgery guard for every state-changing request. Browsers
 * always send Origin (or at least Sec-Fetch-Site) on cross-origin POSTs, so a
 * request is refused when either says it came from another site. Session
 * cookies are also SameSite=Lax, which keeps them off cross-site POSTs.
 */
export function rejectCrossSiteRequests(trustedOrigins: string[]): RequestHandler {
  const trusted = new Set(trustedOrigins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const host = req.get("host");
    if (origin && origin !== "null") {
      if (trusted.has(origin) || (host && originHost(origin) === host)) return next();
      return refuse(res);
    }
    const site = req.get("sec-fetch-site");
    if (origin === "null" || (site && site !== "same-origin" && site !== "none")) return refuse(res);
    return next();
  };
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

function refuse(res: Parameters<RequestHandler>[1]): void {
  res.status(403).type("text/plain").send("This request came from another site and was refused.");
}

/**
 * Records the client's address in a header only the server sets, for the rate
 * limiter: Express's req.ip, which is the socket address, or with
 * TRUST_PROXY=n the address our own proxies saw (n hops from the right of
 * X-Forwarded-For). A client-supplied value of this header is overwritten.
 */
export function clientIpHeader(headerName: string): RequestHandler {
  return (req, _res, next) => {
    const ip = req.ip ?? req.socket.remoteAddress ?? "";
    req.headers[headerName] = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
    next();
  };
}

const ALLOWED_METHODS = "GET, HEAD, POST";

/**
 * Pages and actions only use GET, HEAD and POST; the fleet API (/api/v1/) PUTs a vehicle's state and DELETEs a hub
 * booking too. Anything else
 * (TRACE, DELETE, …) is answered 405 before React Router sees it, which would otherwise treat it as a form submission
 * or fail on it; OPTIONS is answered with what is allowed.
 */
export const allowedMethods: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
  if ((req.method === "PUT" || req.method === "DELETE") && req.path.startsWith("/api/v1/")) return next();
  // A charger may PUT the file it was asked to upload (issue 59).
  if (req.method === "PUT" && req.path.startsWith("/ocpp-files/upload/")) return next();
  res.setHeader("Allow", ALLOWED_METHODS);
  if (req.method === "OPTIONS") {
    res.status(204).end();
    return;
  }
  res.status(405).type("text/plain").send("This method is not supported here.");
};

/** The investor room's grant cookie: its downloads are private too. */
const INVESTOR_COOKIE = /(^|;\s*)electrify_investor=/;

/**
 * A response for a signed-in visitor (or one that sets a cookie) is theirs
 * alone: "private, no-store" keeps it out of shared caches and out of the
 * browser's cache after sign-out. Decided when the headers are written, so it
 * covers pages, their .data requests, resource routes and errors alike. A
 * response that chose its own policy keeps it: private ones (photos) and
 * public ones, which are the same for everyone (built assets, robots.txt).
 */
export const privateResponses: RequestHandler = (req, res, next) => {
  const cookies = req.get("cookie") ?? "";
  const signedIn = SESSION_COOKIE_PATTERN.test(cookies) || INVESTOR_COOKIE.test(cookies);
  onHeaders(res, () => {
    if (!signedIn && res.getHeader("set-cookie") === undefined) return;
    const current = String(res.getHeader("cache-control") ?? "");
    if (!/\b(private|no-store|public)\b/.test(current)) res.setHeader("Cache-Control", "private, no-store");
  });
  next();
};
