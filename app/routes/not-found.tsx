import { data, Link } from "react-router";

import { PublicShell } from "~/components/public-shell";

import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Electrify" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <PublicShell
      showMenu={false}
      mainClassName="flex flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className="font-medium text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </PublicShell>
  );
}
