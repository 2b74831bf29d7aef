import { data, Link } from "react-router";
import { PublicFooter } from "~/components/footers";
import { PublicHeader } from "~/components/public-header";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Electrify" }, { name: "robots", content: "noindex" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader showMenu={false} />
      <main id="main" className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
        <Link to="/" className="font-medium text-primary underline underline-offset-4">
          Return to Home
        </Link>
      </main>
      <PublicFooter />
    </div>
  );
}
