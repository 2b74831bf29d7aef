import { requireDepot } from "~/features/depots/index.server";
import { DesignPanel } from "~/features/designer";
import { saveDesign } from "~/features/designer/index.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { jsonField, readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/layout";
import { useWorkspace } from "./workspace";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request);
  const depotId = parseId(params.id);
  const runtime = getRuntime();
  return handleIntent(
    form,
    runtime,
    {
      "save-design": async (form, deps) => {
        const components = jsonField(form, "components", "The design could not be saved: it was not readable");
        await saveDesign(deps, user, depotId, components);
        return succeeded("Depot design saved successfully");
      },
    },
    undefined,
    () => requireDepot(runtime.database.db, user, depotId, "depot.change"),
  );
}

export default function DepotLayoutTab() {
  return <DesignPanel designer={useWorkspace().designer} />;
}
