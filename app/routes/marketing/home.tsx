import { ArrowRightIcon, CompassIcon, HardHatIcon, RefreshCwIcon, UsersIcon } from "lucide-react";
import { Link } from "react-router";

import { FeatureCard, Hero, mailto, Section } from "~/components/marketing/blocks";
import { DepotIllustration } from "~/components/marketing/depot-illustration";
import { ProofPoints } from "~/components/marketing/proof-points";
import { Button } from "~/components/ui/button";
import { redirectSignedInToLandingMiddleware } from "~/lib/auth/guards.server";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/lib/use-root-data";

import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/",
    title: "Electrify | Depot electrification consultancy for hauliers",
    description:
      "We help hauliers electrify their depots: site surveys, grid capacity, charger layouts and charging plans that keep the connection small and the cost down.",
  });

/** Signed-in visitors go straight to their landing page. */
export const middleware: Route.MiddlewareFunction[] = [redirectSignedInToLandingMiddleware];

const steps = [
  {
    title: "Survey",
    text: "Your team photographs the yard, the switchroom and the cable route from a phone. We see the site before we visit it.",
  },
  {
    title: "Plan",
    text: "We model your duty cycles against the local network's headroom and size chargers, connection and transformer.",
  },
  {
    title: "Deliver",
    text: "We manage the network application, the installers and the commissioning, and train your transport office.",
  },
];

export default function Home() {
  const { contactEmail } = useRootData();
  const consultation = mailto(
    contactEmail,
    "Book a consultation",
    "Hello, we run a fleet from … and would like to talk about electrifying our depot.",
  );
  return (
    <>
      <Hero
        title="Electric trucks, charged and ready for every shift"
        actions={
          <>
            <Button asChild size="lg">
              <a href={consultation}>Book a Consultation</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/products">
                Explore Our Products
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </>
        }
        art={<DepotIllustration />}
      >
        <p>
          We are a consultancy for hauliers and fleet operators making the move to electric. We turn the question
          &ldquo;can our depot charge our fleet?&rdquo; into a costed plan your finance director and your network
          operator will both sign.
        </p>
      </Hero>

      <ProofPoints />

      <Section
        id="mission"
        eyebrow="Our mission"
        title="Accelerate sustainable innovation"
        intro={
          <p>
            Road freight is one of the hardest sectors to decarbonise, and one of the most important. Our mission is to
            accelerate sustainable innovation by making depot electrification a business decision with clear numbers,
            rather than a leap of faith: how much power your routes really need, what the local grid can supply, and
            what smart charging saves.
          </p>
        }
      />

      <Section
        id="capabilities"
        eyebrow="What we do"
        title="From first question to first charge"
        className="bg-muted/40"
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={CompassIcon} title="Strategy and innovation consulting">
            A fleet transition roadmap built on your routes, payloads and replacement cycles: which vehicles go electric
            first, and which depots need power when.
          </FeatureCard>
          <FeatureCard icon={RefreshCwIcon} title="Business transformation">
            Total cost of ownership, tariffs and funding options modelled side by side, so the board sees the business
            case rather than a technology bet.
          </FeatureCard>
          <FeatureCard icon={UsersIcon} title="Team development">
            Training for planners, drivers and workshop teams on charging windows, range in winter and high-voltage
            safety.
          </FeatureCard>
          <FeatureCard icon={HardHatIcon} title="Implementation support">
            Network applications, installer tenders and commissioning managed for you, with one point of contact from
            survey to switch-on.
          </FeatureCard>
        </div>
      </Section>

      <Section id="how" eyebrow="How it works" title="Three steps to an electric depot">
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border p-6">
              <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section aria-labelledby="cta-heading" className="bg-primary px-4 py-16 text-primary-foreground sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
              Planning your first electric routes?
            </h2>
            <p className="mt-2 max-w-2xl">
              An hour with us gives you a first view of power, cost and timing for one depot, free of charge.
            </p>
          </div>
          <Button asChild size="lg" variant="secondary">
            <a href={consultation}>Book a Consultation</a>
          </Button>
        </div>
      </section>
    </>
  );
}
