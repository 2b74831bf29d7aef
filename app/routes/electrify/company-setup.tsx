import { Form, Link, useNavigation, useSearchParams } from "react-router";

import { FormError, TextAreaField } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { companySchema } from "~/features/company";
import { getCompanyValues, saveCompany } from "~/features/company/index.server";
import {
  depotListSchema,
  DepotLocations,
  depotsFromForm,
  MAX_DEPOTS_PER_ACCOUNT,
  type ActionData,
  type DepotDraft,
} from "~/features/depots";
import {
  deleteDepot,
  listUserDepots,
  mayDo,
  requireRole,
  saveDepotList,
  type DepotViewer,
} from "~/features/depots/index.server";
import { handleIntent, succeeded, type IntentHandler } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime, type Runtime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { invalidInput } from "~/lib/user-error";

import type { Route } from "./+types/company-setup";

export const meta: Route.MetaFunction = () => [{ title: "Company Setup | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const [company, depots] = await Promise.all([getCompanyValues(runtime, user), listUserDepots(runtime, user)]);
  return {
    company,
    depots,
    tab: new URL(request.url).searchParams.get("tab") === "depots" ? "depots" : "company",
    // What the role may change here (the server refuses the rest anyway): the details are the owners', the list of
    // depots the owners' and fleet managers'.
    may: { details: mayDo(user, "company.details"), depots: mayDo(user, "company.depots") },
  };
}

const COMPANY_FIELDS = ["companyName", "contactName", "contactEmail", "contactPhone", "chargingStrategy"];
const companyValues = (form: FormData) =>
  Object.fromEntries(COMPANY_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
const depotDrafts = (form: FormData): DepotDraft[] =>
  depotsFromForm(form).map((depot, i) => ({ key: depot.id ? `depot-${depot.id}` : `new-${i}`, ...depot, photos: 0 }));

type Context = { viewer: DepotViewer } & Pick<Runtime, "database" | "env" | "log">;

const intents: Record<string, IntentHandler<Context, ActionData>> = {
  company: {
    unexpected: "Failed to save company details",
    run: async (form, { viewer, ...deps }) => {
      requireRole(viewer, "company.details");
      const parsed = companySchema.safeParse(companyValues(form));
      if (!parsed.success) throw invalidInput(parsed.error);
      await saveCompany(deps, viewer, parsed.data);
      return redirectWithToast("/electrify/company-setup?tab=depots", {
        type: "success",
        title: "Company details saved successfully",
      });
    },
  },
  depots: {
    unexpected: "Failed to save depots",
    run: async (form, { viewer, ...deps }) => {
      requireRole(viewer, "company.depots");
      const parsed = depotListSchema.safeParse(depotsFromForm(form));
      if (!parsed.success) throw invalidInput(parsed.error);
      await saveDepotList(deps, viewer, parsed.data);
      return redirectWithToast("/electrify/energy-map", { type: "success", title: "Depots saved successfully" });
    },
  },
  "delete-depot": async (form, { viewer, ...deps }) => {
    const removed = await deleteDepot(deps, viewer, parseId(form.get("depotId")));
    return succeeded(`${removed.name} removed`, {}, "delete-depot");
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  // Four fields a depot, one more depot than allowed (so its message can be given), and the intent.
  const form = await readForm(request, { fields: 4 * (MAX_DEPOTS_PER_ACCOUNT + 1) + 1 });
  // A refused save shows what was typed again.
  return handleIntent(form, { viewer: user, ...getRuntime() }, intents, (intent) =>
    intent === "company" ? { values: companyValues(form) } : intent === "depots" ? { depots: depotDrafts(form) } : {},
  );
}

export default function CompanySetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = loaderData.tab;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Company Setup</h1>
      <p className="mt-1 text-muted-foreground">
        Describe your company and its depots once; the energy map and the designer use them.
      </p>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(searchParams);
          if (value === "depots") next.set("tab", "depots");
          else next.delete("tab");
          setSearchParams(next, { preventScrollReset: true });
        }}
        className="mt-6"
      >
        <TabsList>
          <TabsTrigger value="company">Company Details</TabsTrigger>
          <TabsTrigger value="depots">Depot Locations</TabsTrigger>
        </TabsList>
        <TabsContent value="company">
          <CompanyDetails
            values={
              actionData?.intent === "company" && actionData.values ? actionData.values : loaderData.company.values
            }
            errors={actionData?.intent === "company" ? actionData.errors : {}}
            readOnly={!loaderData.may.details}
          />
        </TabsContent>
        <TabsContent value="depots">
          {loaderData.may.depots ? null : (
            <ReadOnly>Only the company&apos;s owners and fleet managers change its depots.</ReadOnly>
          )}
          <fieldset disabled={!loaderData.may.depots} className="m-0 min-w-0 border-0 p-0">
            <DepotLocations
              key={actionData?.intent === "depots" ? "resubmitted" : "loaded"}
              initial={
                actionData?.intent === "depots" && actionData.depots
                  ? actionData.depots
                  : loaderData.depots.map((depot) => ({
                      key: `depot-${depot.id}`,
                      id: depot.id,
                      name: depot.name,
                      address: depot.address,
                      notes: depot.notes,
                      photos: depot.photos,
                    }))
              }
              photosById={Object.fromEntries(loaderData.depots.map((depot) => [depot.id, depot.photos]))}
              error={actionData?.intent === "depots" ? actionData.errors.form : undefined}
            />
          </fieldset>
        </TabsContent>
      </Tabs>
    </section>
  );
}

/** A note above a form the viewer's role may read but not change. */
function ReadOnly({ children }: { children: React.ReactNode }) {
  return (
    <p role="note" className="mb-3 rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
      {children}
    </p>
  );
}

function CompanyDetails({
  values,
  errors,
  readOnly,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  readOnly: boolean;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "company";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Company Details</CardTitle>
        <CardDescription>Who we talk to about your depots.</CardDescription>
      </CardHeader>
      <CardContent>
        {readOnly ? <ReadOnly>Only the company&apos;s owners change its details.</ReadOnly> : null}
        <Form method="post" noValidate>
          <fieldset disabled={readOnly} className="m-0 grid min-w-0 gap-4 border-0 p-0">
            <input type="hidden" name="intent" value="company" />
            <TextField
              label="Company Name"
              name="companyName"
              required
              defaultValue={values.companyName}
              error={errors.companyName}
              autoComplete="organization"
            />
            <TextField
              label="Contact Name"
              name="contactName"
              required
              defaultValue={values.contactName}
              error={errors.contactName}
              autoComplete="name"
            />
            <TextField
              label="Contact Email"
              name="contactEmail"
              type="email"
              required
              defaultValue={values.contactEmail}
              error={errors.contactEmail}
              autoComplete="email"
            />
            <TextField
              label="Contact Phone"
              name="contactPhone"
              type="tel"
              required
              defaultValue={values.contactPhone}
              error={errors.contactPhone}
              autoComplete="tel"
            />
            <TextAreaField
              label="Charging Strategy"
              name="chargingStrategy"
              rows={4}
              maxLength={5000}
              defaultValue={values.chargingStrategy}
              placeholder="e.g. overnight charging at the depot, top-ups at lunchtime"
              error={errors.chargingStrategy}
            />
            <FormError>{errors.form}</FormError>
            <div className="flex flex-wrap justify-end gap-2">
              <Button asChild variant="outline">
                <Link to="/electrify/dashboard">Cancel</Link>
              </Button>
              {readOnly ? null : (
                <Button type="submit" disabled={saving}>
                  {saving ? "Saving..." : "Save and Continue"}
                </Button>
              )}
            </div>
          </fieldset>
        </Form>
      </CardContent>
    </Card>
  );
}
