import { UploadIcon } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";

import { BackLink } from "~/components/back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/features/admin";
import { describeImport, isOperator, MAX_GRID_FILE_MB, OPERATORS } from "~/features/grid";
import { importGridFile, listGridImports, REPLACES_MOST } from "~/features/grid/index.server";
import { failed } from "~/lib/action-result.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/grid-data";

export const meta: Route.MetaFunction = () => [{ title: "Network capacity data | Admin | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const imports = await listGridImports(getRuntime());
  return {
    imports: imports.map((item) => ({
      ...item,
      importedLabel: formatDateTime(item.importedAt),
      summary: describeImport(item.report, item.dataDate),
    })),
  };
}

/** A refusal that asks to confirm replacing most substations shows the tick box. */
type Echo = { confirmReplace: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const runtime = getRuntime();
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_GRID_FILE_MB * 1024 * 1024) {
    const message = `The file is too large: the limit is ${MAX_GRID_FILE_MB} MB`;
    return failed<Echo>(new UserError(message, { status: 413, fieldErrors: { file: message } }));
  }
  const form = await readForm(request, { fields: 10, files: 1, fileSize: MAX_GRID_FILE_MB * 1024 * 1024 });
  const operator = form.get("operator");
  const file = form.get("file");
  const dataDate = String(form.get("dataDate") ?? "").trim();
  const errors: Record<string, string> = {};
  if (!isOperator(operator)) errors.operator = "Choose the network operator whose file this is";
  if (!(file instanceof File) || file.size === 0) errors.file = "Choose the file to import";
  if (!isOperator(operator) || !(file instanceof File) || file.size === 0)
    return failed<Echo>(new UserError(Object.values(errors), { fieldErrors: errors }));
  try {
    const result = await importGridFile(runtime, {
      operator,
      fileName: file.name || `${operator}-import`,
      text: await file.text(),
      dataDate: dataDate || undefined,
      actor: { id: admin.id, email: admin.email },
      replaceMost: form.get("replaceMost") === "on",
    });
    return redirectWithToast("/admin/grid-data", {
      type: "success",
      title: `Imported ${result.report.accepted} ${OPERATORS[operator].name} substations`,
      description: `${result.report.withFigures} with capacity figures; the previous import was replaced.`,
    });
  } catch (error) {
    if (error instanceof UserError)
      return failed<Echo>(error, { extra: { confirmReplace: error.code === REPLACES_MOST } });
    runtime.log.error({ err: error }, "network-capacity import failed");
    return failed<Echo>(new UserError("The import failed; nothing was changed. Please try again.", { status: 500 }));
  }
}

export default function GridDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const ids = { operator: useId(), file: useId(), date: useId() };
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to="/admin">Back to Admin Dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Network capacity data</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        The energy map compares each depot with its nearest substation from the distribution network operators'
        published capacity data. Importing a file replaces that operator's previous import in one step.
      </p>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Import a file</CardTitle>
          <CardDescription>
            {Object.values(OPERATORS)
              .map((operator) => `${operator.name}: ${operator.format}`)
              .join(" · ")}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-3 sm:items-start">
            <div className="grid gap-2">
              <Label htmlFor={ids.operator}>Network operator</Label>
              <NativeSelect
                id={ids.operator}
                name="operator"
                defaultValue=""
                aria-invalid={errors.operator ? true : undefined}
                aria-describedby={`${ids.operator}-error`}
              >
                <option value="" disabled>
                  Choose…
                </option>
                {Object.entries(OPERATORS).map(([value, operator]) => (
                  <option key={value} value={value}>
                    {operator.name}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={`${ids.operator}-error`}>{errors.operator}</FieldError>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.file}>File (.csv or .geojson)</Label>
              <Input
                id={ids.file}
                name="file"
                type="file"
                accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={`${ids.file}-error`}
              />
              <FieldError id={`${ids.file}-error`}>{errors.file}</FieldError>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.date}>Figures as of (optional)</Label>
              <Input id={ids.date} name="dataDate" type="date" aria-describedby={`${ids.date}-hint`} />
              <p id={`${ids.date}-hint`} className="text-xs text-muted-foreground">
                Otherwise the date in the file name, or today.
              </p>
            </div>
            {actionData?.confirmReplace ? (
              <label className="flex items-start gap-2 text-sm sm:col-span-3">
                <input type="checkbox" name="replaceMost" className="mt-0.5 size-4 accent-primary" />
                Replace even though most substations would go
              </label>
            ) : null}
            {errors.form ? (
              <p role="alert" className="text-sm text-destructive sm:col-span-3">
                {errors.form}
              </p>
            ) : null}
            <div className="sm:col-span-3">
              <Button type="submit" disabled={importing}>
                <UploadIcon aria-hidden="true" />
                {importing ? "Importing..." : "Import"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <h2 className="mt-10 text-xl font-semibold">Imported data</h2>
      {loaderData.imports.length === 0 ? (
        <p className="mt-3 text-muted-foreground">
          Nothing imported yet: the energy map shows 'No capacity data' for every depot.
        </p>
      ) : (
        <div className="mt-3 rounded-xl border">
          <Table aria-label="Imported network capacity data">
            <TableHeader>
              <TableRow>
                <TableHead>Operator</TableHead>
                <TableHead>File</TableHead>
                <TableHead>Figures as of</TableHead>
                <TableHead>Report</TableHead>
                <TableHead>Imported</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaderData.imports.map((item) => (
                <TableRow key={item.id}>
                  <TableCell className="font-medium">
                    {item.operatorName}
                    <span className="block text-xs font-normal text-muted-foreground">
                      {item.attribution} ({item.licence})
                    </span>
                  </TableCell>
                  <TableCell>{item.fileName}</TableCell>
                  <TableCell>{item.dataDate}</TableCell>
                  <TableCell className="max-w-md text-sm whitespace-pre-line">{item.summary}</TableCell>
                  <TableCell className="text-sm">
                    {item.importedLabel}
                    <span className="block text-muted-foreground">by {item.importedBy}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
