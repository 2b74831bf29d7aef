import { ArrowLeftIcon, HandshakeIcon, LeafIcon, LightbulbIcon, PresentationIcon, UnlockIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "react-router";

import { FeatureCard, Section } from "~/components/marketing/blocks";
import { Button } from "~/components/ui/button";
import { InvestorDialog } from "~/features/investors";
import { getRuntime } from "~/lib/runtime.server";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/lib/use-root-data";

import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/about-us",
    title: "About Us | Electrify",
    description:
      "Founded in 2024 to make electric trucks affordable and accessible for every haulier. Our mission, our story and the values we work by.",
  });

export function loader() {
  return { investorRoomEnabled: Boolean(getRuntime().env.INVESTOR_PASSWORD) };
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = useRootData();
  const [investorsOpen, setInvestorsOpen] = useState(false);
  const [investorsRequested, setInvestorsRequested] = useState(false);
  return (
    <>
      <Section
        id="about"
        level={1}
        eyebrow="About us"
        title="We help hauliers go electric on their own terms"
        intro={
          <p>
            Our mission is to accelerate sustainable innovation in road freight: to make the switch to electric trucks a
            sound business decision for every operator, from a ten-van courier to a national carrier.
          </p>
        }
      >
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </Section>

      <Section
        id="story"
        eyebrow="Our story"
        title="Founded in 2024, in the yard rather than the boardroom"
        className="bg-muted/40"
      >
        <div className="grid max-w-3xl gap-4 text-muted-foreground">
          <p>
            We started in 2024 after watching hauliers order their first electric trucks and then discover, months
            later, that their depot could not charge them: a connection that would take years to upgrade, chargers in
            the wrong place, tariffs nobody had modelled.
          </p>
          <p>
            So we built the tools we wished they had had: a survey a yard manager can do from a phone, network capacity
            on a map, and a charging plan that shows how much smarter scheduling saves before a single cable is laid.
          </p>
        </div>
      </Section>

      <Section id="values" eyebrow="Our values" title="What we stand for">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={LeafIcon} title="Sustainability">
            Every plan we make should take diesel off the road sooner, and keep it off.
          </FeatureCard>
          <FeatureCard icon={LightbulbIcon} title="Innovation">
            We use the best available data and methods, and publish how our numbers are worked out.
          </FeatureCard>
          <FeatureCard icon={UnlockIcon} title="Accessibility">
            Electric trucks should be within reach of small fleets too, not just the largest operators.
          </FeatureCard>
          <FeatureCard icon={HandshakeIcon} title="Partnership">
            We work alongside your team, your installers and your network operator until the chargers are live.
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="investors"
        eyebrow="Investors"
        title="Investor Relations"
        className="bg-muted/40"
        intro={<p>Investors can read our pitch deck, business plan, term sheet and financial model.</p>}
      >
        <Button
          onClick={() => {
            setInvestorsRequested(true);
            setInvestorsOpen(true);
          }}
        >
          <PresentationIcon aria-hidden="true" />
          Investor Relations
        </Button>
        {investorsRequested ? (
          <Suspense fallback={null}>
            <InvestorDialog
              open={investorsOpen}
              onOpenChange={setInvestorsOpen}
              enabled={loaderData.investorRoomEnabled}
              contactEmail={contactEmail}
            />
          </Suspense>
        ) : null}
      </Section>
    </>
  );
}
