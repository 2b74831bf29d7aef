import { CalculatorIcon, CalendarClockIcon, LayoutDashboardIcon, ZapIcon } from "lucide-react";

import { FeatureCard, Hero, mailto, Section } from "~/components/marketing/blocks";
import { VideoSlot } from "~/components/marketing/video-slot";
import { Button } from "~/components/ui/button";
import { SavingsCalculator } from "~/features/planning";
import { savingsFromUrl } from "~/features/planning/index.server";
import { getRuntime } from "~/lib/runtime.server";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/lib/use-root-data";

import type { Route } from "./+types/box-charge";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/box-charge",
    title: "Box Charge | Low-cost smart charging for fleets",
    description:
      "Box Charge is contracted low-cost charging for fleets: off-peak scheduling, one dashboard for every charger, energy optimisation and cost analysis.",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { video: getRuntime().env.BOX_CHARGE_VIDEO ?? null, savings: savingsFromUrl(new URL(request.url)) };
}

export default function BoxCharge({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = useRootData();
  const demo = mailto(
    contactEmail,
    "Box Charge: demo request",
    "Hello, we would like a demo of Box Charge. Fleet size: … Depot location: …",
  );
  const sales = mailto(
    contactEmail,
    "Box Charge: sales enquiry",
    "Hello, we would like to talk about charging contracts for our fleet.",
  );
  return (
    <>
      <Hero
        title="Box Charge: low-cost charging, where and when you need it"
        actions={
          <>
            <Button asChild size="lg">
              <a href={demo}>Request a Demo</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={sales}>Contact Sales</a>
            </Button>
          </>
        }
      >
        <p>
          Charging is the biggest running cost you can still control. Box Charge contracts the power, schedules every
          vehicle into the cheapest hours that still meet its next departure, and keeps the depot under its connection
          limit.
        </p>
      </Hero>

      <Section
        id="video"
        eyebrow="See it work"
        title="A night at a managed depot"
        intro={
          <p>
            Twenty-four vehicles, one connection, every truck full by 05:30, and most of the energy bought at night
            rates.
          </p>
        }
      >
        <VideoSlot
          src={loaderData.video}
          poster="/media/box-charge-poster.svg"
          title="Box Charge overnight charging schedule"
        />
      </Section>

      <Section id="features" eyebrow="What you get" title="Smart charging for fleets" className="bg-muted/40">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={CalendarClockIcon} title="Smart Scheduling">
            Off-peak charging planned around each vehicle&rsquo;s return and departure, with priority for the first
            trucks out.
          </FeatureCard>
          <FeatureCard icon={LayoutDashboardIcon} title="Fleet Management">
            One dashboard for every charging station across your depots: status, faults and state of charge at a glance.
          </FeatureCard>
          <FeatureCard icon={ZapIcon} title="Energy Optimization">
            Peak shaving keeps the site within its agreed capacity, so you avoid excess charges and a bigger connection.
          </FeatureCard>
          <FeatureCard icon={CalculatorIcon} title="Cost Analysis">
            Energy and cost per vehicle, route and depot, compared with what unmanaged charging would have cost.
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="savings"
        eyebrow="Savings estimate"
        title="What would smart charging save your fleet?"
        intro={<p>The same planning engine our consultants use, on one week of your fleet&rsquo;s work.</p>}
      >
        <SavingsCalculator initial={loaderData.savings.input} initialEstimate={loaderData.savings.estimate} />
      </Section>
    </>
  );
}
