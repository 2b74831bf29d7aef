import { CheckCircle2Icon, MailCheckIcon, MailWarningIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { getDepotForViewer } from "~/features/depots/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/confirmation";

export const meta: Route.MetaFunction = () => [{ title: "Depot Submitted Successfully! | Electrify" }];

/** The saved depot it confirms (the sender's own; any other id shows the page without it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const depot = await getDepotForViewer(getRuntime(), parseId(params.get("depot")), user);
  return {
    emailSent: params.get("email") !== "failed",
    depot: depot ? { id: depot.id, name: depot.name } : null,
  };
}

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-center gap-6 px-4 py-16 text-center">
      <CheckCircle2Icon className="size-16 text-primary" aria-hidden="true" />
      <h1 className="text-3xl font-bold">Depot Submitted Successfully!</h1>
      {loaderData.depot ? (
        <p className="text-lg">
          <Link to={`/depots/${loaderData.depot.id}`} className="font-medium text-primary underline underline-offset-4">
            {loaderData.depot.name}
          </Link>{" "}
          is saved with its photos.
        </p>
      ) : null}
      {loaderData.emailSent ? (
        <p className="flex items-center gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900">
          <MailCheckIcon className="size-5 shrink-0" aria-hidden="true" />A confirmation e-mail is on its way to you.
        </p>
      ) : (
        <p className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          <MailWarningIcon className="size-5 shrink-0" aria-hidden="true" />
          Your survey is saved, but we couldn&rsquo;t send the confirmation e-mail yet. We will keep trying.
        </p>
      )}
      <p className="text-muted-foreground">
        Our installation specialists will review your depot and contact you within 2-3 business days.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to="/">Return to Home</Link>
        </Button>
        <Button asChild>
          <Link to="/survey">Submit Another Survey</Link>
        </Button>
      </div>
    </section>
  );
}
