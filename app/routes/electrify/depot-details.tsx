import { Link, redirect } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { listUserDepots } from "~/features/depots/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/depot-details";

export const meta: Route.MetaFunction = () => [{ title: "Depot Details | Electrify" }];

const TAB_ROUTES: Record<string, string> = { design: "layout", summary: "summary", plan: "plan" };

/**
 * Depot Details in the sidebar: opens the first depot's workspace
 * (/electrify/depots/:id/layout). Links saved before the workspace had its
 * own URLs (?id=&tab=) are sent where they now live, for good (301).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (id !== null) {
    const tab = TAB_ROUTES[url.searchParams.get("tab") ?? "design"] ?? "layout";
    return redirect(`/electrify/depots/${encodeURIComponent(id)}/${tab}`, 301);
  }
  const user = requireUser(context, request);
  const [first] = await listUserDepots(getRuntime(), user);
  if (first) return redirect(`/electrify/depots/${first.id}/layout`);
  return null;
}

/** Only without depots: where to add them. */
export default function DepotDetailsPage() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Depot Details</h1>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>No depots yet</CardTitle>
          <CardDescription>Add your depots in Company Setup, then lay out their chargers here.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/electrify/company-setup?tab=depots">Add Depots</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
