import { MapPinIcon, PlusIcon, TruckIcon } from "lucide-react";
import { Link } from "react-router";

import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { StatusBadge } from "~/features/depots";
import { DEPOTS_PER_PAGE, listDepotsForUser } from "~/features/depots/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/depots";

export const meta: Route.MetaFunction = () => [{ title: "Your Depots | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  return { ...(await listDepotsForUser(getRuntime(), user, page)), pageSize: DEPOTS_PER_PAGE };
}

export default function DepotsPage({ loaderData }: Route.ComponentProps) {
  const { depots, total, page, pageCount, pageSize } = loaderData;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Your Depots</h1>
        <Button asChild>
          <Link to="/survey">
            <PlusIcon aria-hidden="true" />
            Add New Depot
          </Link>
        </Button>
      </div>
      {depots.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed p-10 text-center">
          <h2 className="text-xl font-semibold">No depots yet</h2>
          <p className="mt-2 text-muted-foreground">Start by adding your first depot</p>
          <Button asChild className="mt-6">
            <Link to="/survey">
              <PlusIcon aria-hidden="true" />
              Survey your first depot
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {depots.map((depot) => (
            <li key={depot.id}>
              <Link
                to={`/depots/${depot.id}`}
                className="flex h-full flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="text-lg font-semibold">{depot.name}</span>
                  <StatusBadge status={depot.status} />
                </span>
                <span className="flex items-center gap-2 text-sm text-muted-foreground">
                  <TruckIcon className="size-4" aria-hidden="true" />
                  {depot.vehicles === null
                    ? "Vehicles not specified"
                    : `${depot.vehicles} vehicle${depot.vehicles === 1 ? "" : "s"}`}
                </span>
                <span className="flex items-center gap-2 text-sm text-muted-foreground">
                  <MapPinIcon className="size-4" aria-hidden="true" />
                  {depot.location ?? "Location not captured"}
                </span>
                <span className="mt-auto text-sm text-muted-foreground">Submitted on {depot.submittedOn}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <Pagination
          page={page}
          pageCount={pageCount}
          pageSize={pageSize}
          total={total}
          noun="depots"
          pageParam="page"
          label="Depot pages"
        />
      ) : null}
    </section>
  );
}
