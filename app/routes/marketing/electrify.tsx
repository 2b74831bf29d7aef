import { BrainCircuitIcon, CableIcon, GaugeIcon, ScanSearchIcon } from "lucide-react";
import { redirect } from "react-router";

import { useLoginDialog } from "~/components/login-dialog-provider";
import { FeatureCard, Hero, Section } from "~/components/marketing/blocks";
import { SolutionCards } from "~/components/marketing/solution-cards";
import { VideoSlot } from "~/components/marketing/video-slot";
import { Button } from "~/components/ui/button";
import { getSessionUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/lib/use-root-data";

import type { Route } from "./+types/electrify";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/electrify",
    title: "Electrify | Depot electrification planning for hauliers",
    description:
      "Electrify is conveyancing for electric depots: surveys, network capacity, charger layouts and charging plans that help hauliers make the commercial decision.",
  });

/** Signed-in visitors go straight to their Electrify workspace. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    if (getSessionUser(context)) throw redirect("/electrify/dashboard");
  },
];

export function loader() {
  return { video: getRuntime().env.ELECTRIFY_VIDEO ?? null };
}

function GetStarted({ variant = "default" }: { variant?: "default" | "secondary" }) {
  const { openFromLink } = useLoginDialog();
  return (
    <Button asChild size="lg" variant={variant}>
      <a href="/auth?redirectTo=%2Felectrify%2Fdashboard" onClick={openFromLink}>
        Get Started
      </a>
    </Button>
  );
}

export default function ElectrifyLanding({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = useRootData();
  return (
    <>
      <Hero title="Electrify: conveyancing for electric depots" actions={<GetStarted />}>
        <p>
          Before a haulier commits to electric trucks, someone has to answer the hard questions about the depot.
          Electrify answers them with your own data: what your routes need, what the grid near you can give, and what it
          will cost.
        </p>
      </Hero>

      <Section
        id="dream"
        eyebrow="Our Dream"
        title="Electric trucks that every haulier can afford"
        intro={
          <p>
            We dream of electric trucks that are affordable and accessible for every haulier, without each of them
            having to build its own charging infrastructure. Electrify is the first step: a clear view of what your
            depot can do today, and what it takes to do more.
          </p>
        }
      >
        <VideoSlot
          src={loaderData.video}
          poster="/media/electrify-poster.svg"
          title="Electrify overview: from depot survey to charging plan"
        />
      </Section>

      <Section
        id="features"
        eyebrow="What Electrify does"
        title="Planning tools built for depots"
        className="bg-muted/40"
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={BrainCircuitIcon} title="Intelligent Planning">
            Turns duty cycles into a load profile and compares uncontrolled, balanced, cost-optimal and peak-shaving
            charging.
          </FeatureCard>
          <FeatureCard icon={ScanSearchIcon} title="Depot Analysis">
            Photos, location and vehicle counts gathered on site from a phone, reviewed by our engineers within days.
          </FeatureCard>
          <FeatureCard icon={GaugeIcon} title="Energy Management">
            Published network capacity data shows the headroom at the nearest substation before you apply for a
            connection.
          </FeatureCard>
          <FeatureCard icon={CableIcon} title="Infrastructure Design">
            Lay out chargers, bays and the transformer on the depot plan and get sized recommendations for boards and
            storage.
          </FeatureCard>
        </div>
        <div className="mt-10 flex flex-col items-start gap-3">
          <GetStarted />
          <p className="text-muted-foreground">
            Accounts are set up by our team. Email{" "}
            <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>{" "}
            to get access for your company.
          </p>
        </div>
      </Section>

      <Section id="solutions" eyebrow="Our solutions" title="Plan with Electrify, run with Box Charge">
        <SolutionCards />
      </Section>
    </>
  );
}
