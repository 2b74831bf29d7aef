import { data, type MiddlewareFunction } from "react-router";

import { sessionUserContext } from "~/lib/auth/session.server";
import { can, ROLE_LABELS } from "~/lib/company-roles";

/** Where a viewer's own POSTs go: their own account, sign-out, switching company, and leaving or muting on the team page. */
const OWN_MATTERS = [
  /^\/account$/,
  /^\/auth\/sign-out$/,
  /^\/switch-company$/,
  /^\/electrify\/team$/,
  /^\/invitations\//,
];

/**
 * Root middleware: a viewer changes nothing. Every POST (PUT, PATCH, DELETE) a viewer sends to a company's pages is
 * refused with 403 before any action runs; the actions' own checks (requireDepot's `to: "change"`, requireRole)
 * refuse it again, so a route moved outside this list stays closed.
 */
export const readOnlyMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return;
  const user = context.get(sessionUserContext);
  if (!user?.company || user.isAdmin || can(user.company.role, "change")) return;
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (OWN_MATTERS.some((pattern) => pattern.test(path))) return;
  throw data(
    {
      message: `As a ${ROLE_LABELS[user.company.role].toLowerCase()} of ${user.company.name}, you can read but not change.`,
    },
    { status: 403 },
  );
};
