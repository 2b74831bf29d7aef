import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { redirectSignedInToLandingMiddleware } from "~/lib/auth/guards.server";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Electrify | Depot electrification for hauliers" },
  {
    name: "description",
    content: "We help hauliers electrify their depots: survey, grid capacity, charger layout and a charging plan that keeps the connection small.",
  },
];

export const middleware: Route.MiddlewareFunction[] = [redirectSignedInToLandingMiddleware];

export default function Home() {
  const { contactEmail } = useRootData();
  return (
    <section className="bg-gradient-to-b from-accent to-background">
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 py-20 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Electric depots that work on day one</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Our mission is to accelerate sustainable innovation. We help hauliers turn the switch to electric trucks into a plan they can
          fund, build and run.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <a href={`mailto:${contactEmail}?subject=${encodeURIComponent("Book a consultation")}`}>Book a Consultation</a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/products">
              Explore Our Products
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
