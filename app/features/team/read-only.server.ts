import { data, type MiddlewareFunction } from "react-router";

import { sessionUserContext } from "~/lib/auth/session.server";
import { can, ROLE_LABELS } from "~/lib/company-roles";

/** A company's pages: its depots, surveys, plans, portfolio and operations. */
const COMPANY_PAGES = [/^\/electrify\//, /^\/depots(\/|$)/, /^\/survey$/, /^\/surveys$/];
/** Where a viewer still acts on their own place in the team: leaving it, or turning its e-mails off. */
const OWN_PLACE = /^\/electrify\/team$/;

/**
 * Root middleware: a viewer changes nothing. Every POST (PUT, PATCH, DELETE) a viewer sends to a company's pages is
 * refused with 403 before any action runs (their own account, signing out and switching company are not the
 * company's); the actions' own checks (requireDepot's `to: "change"`, requireRole)
 * refuse it again, so a route moved outside this list stays closed.
 */
export const readOnlyMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return;
  const user = context.get(sessionUserContext);
  if (!user?.company || user.isAdmin || can(user.company.role, "change")) return;
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (!COMPANY_PAGES.some((pattern) => pattern.test(path)) || OWN_PLACE.test(path)) return;
  // A message as the error's data: the error page shows it (root ErrorBoundary).
  throw data(
    `As a ${ROLE_LABELS[user.company.role].toLowerCase()} of ${user.company.name}, you can read but not change.`,
    {
      status: 403,
    },
  );
};
