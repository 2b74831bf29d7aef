import { ArrowRightIcon, Building2Icon, MapIcon, PencilRulerIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getCompanyValues } from "~/features/company/index.server";
import { DEPOT_STATUSES, StatusBadge } from "~/features/depots";
import { countDepotsByStatus } from "~/features/depots/index.server";
import { getProfile } from "~/features/users/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Electrify Dashboard | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const [profile, company, byStatus] = await Promise.all([
    getProfile(runtime, user.id),
    getCompanyValues(runtime, user),
    countDepotsByStatus(runtime, user),
  ]);
  return {
    name: profile.name || "User",
    // The saved company name, else the profile's organisation (getCompanyValues falls back to it).
    organization: company.values.companyName || "Your Company",
    email: user.email,
    depotCount: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
    byStatus,
  };
}

const NEXT_STEPS = [
  {
    to: "/electrify/company-setup",
    title: "Company Setup",
    text: "Your company's details and its depots.",
    action: "Get Started",
    icon: Building2Icon,
  },
  {
    to: "/electrify/energy-map",
    title: "Energy to Depot",
    text: "Each depot against the network capacity near it.",
    action: "Explore Map",
    icon: MapIcon,
  },
  {
    to: "/electrify/depot-details",
    title: "Depot Details",
    text: "Lay out chargers and read the sized recommendations.",
    action: "View Details",
    icon: PencilRulerIcon,
  },
] as const;

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { name, organization, email, depotCount, byStatus } = loaderData;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Welcome to Electrify, {name}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{name}</CardTitle>
            <CardDescription>{organization}</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-sm">{email}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              {depotCount} {depotCount === 1 ? "depot" : "depots"}
            </CardTitle>
            <CardDescription>
              {depotCount === 0
                ? "Add your depots in Company Setup, or submit a survey."
                : "Where your depots are in our review."}
            </CardDescription>
          </CardHeader>
          {depotCount > 0 ? (
            <CardContent>
              <ul className="flex flex-wrap gap-3" aria-label="Depots by status">
                {DEPOT_STATUSES.filter((status) => byStatus[status] > 0).map((status) => (
                  <li key={status} className="flex items-center gap-2 text-sm">
                    <StatusBadge status={status} /> {byStatus[status]}
                  </li>
                ))}
              </ul>
            </CardContent>
          ) : null}
        </Card>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        {NEXT_STEPS.map((step) => (
          <Card key={step.to}>
            <CardHeader>
              <step.icon className="size-6 text-primary" aria-hidden="true" />
              <CardTitle>{step.title}</CardTitle>
              <CardDescription>{step.text}</CardDescription>
            </CardHeader>
            <CardContent className="mt-auto">
              <Button asChild variant="outline">
                <Link to={step.to}>
                  {step.action} <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
