import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";

const solutions = [
  {
    to: "/electrify",
    name: "Electrify",
    text: "Survey, grid capacity, charger layout and a costed charging plan for every depot.",
  },
  {
    to: "/box-charge",
    name: "Box Charge",
    text: "Contracted low-cost smart charging for your fleet, where and when you need it.",
  },
];

/** The two solutions side by side, each linking to its page. */
export function SolutionCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {solutions.map((solution) => (
        <article key={solution.to} className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm">
          <Heading className="text-xl font-semibold">{solution.name}</Heading>
          <p className="text-muted-foreground">{solution.text}</p>
          <Link
            to={solution.to}
            className="mt-auto inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
          >
            Discover {solution.name}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </article>
      ))}
    </div>
  );
}
