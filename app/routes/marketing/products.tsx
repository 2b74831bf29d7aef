import { ArrowRightIcon, BatteryChargingIcon, MapIcon } from "lucide-react";
import { Link } from "react-router";

import { Section } from "~/components/marketing/blocks";
import { pageMeta } from "~/lib/seo";

import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/products",
    title: "Products | Electrify and Box Charge",
    description:
      "Electrify plans and costs your depot's electrification; Box Charge provides contracted low-cost smart charging for fleets, where and when you need it.",
  });

const solutions = [
  {
    to: "/electrify",
    icon: MapIcon,
    name: "Electrify",
    tagline: "Conveyancing for electric depots",
    text: "Everything a haulier needs to decide on a depot: the survey, the grid capacity nearby, a charger layout, and a charging plan with connection size, transformer and cost.",
    points: [
      "Depot surveys from a phone",
      "Network headroom at each site",
      "Charger layout and load profile",
      "Costs with and without smart charging",
    ],
  },
  {
    to: "/box-charge",
    icon: BatteryChargingIcon,
    name: "Box Charge",
    tagline: "Contracted low-cost charging, where and when needed",
    text: "Smart charging for fleets as a service: we schedule charging into the cheapest hours, keep you under your connection limit and show every charger on one dashboard.",
    points: [
      "Off-peak scheduling",
      "One dashboard for every charger",
      "Energy optimisation",
      "Cost analysis per vehicle and route",
    ],
  },
];

export default function Products() {
  return (
    <Section
      id="products"
      eyebrow="Our products"
      title="Two ways to electrify with confidence"
      level={1}
      intro={<p>Plan the depot with Electrify, then run it for less with Box Charge. Use one or both.</p>}
    >
      <div className="grid gap-6 md:grid-cols-2">
        {solutions.map((solution) => (
          <article key={solution.to} className="flex flex-col gap-4 rounded-xl border bg-card p-8 shadow-sm">
            <span className="flex size-12 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <solution.icon className="size-7" aria-hidden="true" />
            </span>
            <h2 className="text-2xl font-bold">{solution.name}</h2>
            <p className="font-medium text-primary">{solution.tagline}</p>
            <p className="text-muted-foreground">{solution.text}</p>
            <ul className="grid gap-2 text-sm">
              {solution.points.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" />
                  {point}
                </li>
              ))}
            </ul>
            <Link
              to={solution.to}
              className="mt-auto inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
            >
              Learn more about {solution.name}
              <ArrowRightIcon className="size-4" aria-hidden="true" />
            </Link>
          </article>
        ))}
      </div>
    </Section>
  );
}
