import { useId } from "react";
import { useFetcher } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { VehicleTag } from "~/features/vehicles";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

type Group = { id: string; name: string };

/** Which vehicle charges with which tag, and the plan's group whose duty it follows (vehicle-tags.server.ts). */
/** The depot's vehicles and tags; `canChange` false (a viewer) shows them without the forms to change them. */
export function VehicleTagsCard({
  tags,
  groups,
  canChange = true,
}: {
  tags: VehicleTag[];
  groups: Group[];
  canChange?: boolean;
}) {
  const groupId = useId();
  const adder = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  useFetcherToast(adder.data);
  useFetcherToast(remover.data);
  const errors = adder.data?.intent === "add-tag" ? adder.data.errors : {};
  const groupName = (id: string | null) => groups.find((g) => g.id === id)?.name ?? "None: shares what is left";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Vehicles and their tags</CardTitle>
        <CardDescription>
          The tag a vehicle charges with (its card, or the id it gives the charger), and the plan&apos;s group whose
          departures and trips it is charged for. A tag not listed here is charged as a vehicle we do not know.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {tags.length ? (
          <Table scrollLabel="Vehicles and their tags" className="whitespace-nowrap">
            <TableHeader>
              <TableRow>
                <TableHead>Vehicle</TableHead>
                <TableHead>Tag</TableHead>
                <TableHead>Charged for</TableHead>
                {canChange ? (
                  <TableHead>
                    <span className="sr-only">Remove</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {tags.map((t) => (
                <TableRow key={t.id}>
                  <TableCell className="font-medium">{t.vehicle}</TableCell>
                  <TableCell className="font-mono">{t.tag}</TableCell>
                  <TableCell>{groupName(t.groupId)}</TableCell>
                  {canChange ? (
                    <TableCell className="text-right">
                      <remover.Form method="post">
                        <input type="hidden" name="intent" value="remove-tag" />
                        <input type="hidden" name="tagId" value={t.id} />
                        <Button
                          type="submit"
                          variant="outline"
                          size="sm"
                          aria-label={`Remove ${t.vehicle}'s tag ${t.tag}`}
                        >
                          Remove
                        </Button>
                      </remover.Form>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">No tags yet: every vehicle is shared what is left.</p>
        )}
        {canChange ? (
          <adder.Form method="post" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" key={tags.length}>
            <input type="hidden" name="intent" value="add-tag" />
            <TextField label="Vehicle" name="vehicle" required maxLength={40} error={errors.vehicle} />
            <TextField label="Tag" name="tag" required maxLength={36} error={errors.tag} autoComplete="off" />
            <div className="grid gap-2">
              <Label htmlFor={groupId}>Charged for</Label>
              <NativeSelect
                id={groupId}
                name="groupId"
                defaultValue={groups[0]?.id ?? ""}
                aria-describedby={errors.groupId ? `${groupId}-error` : undefined}
              >
                {groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
                <option value="">No group</option>
              </NativeSelect>
              <FieldError id={`${groupId}-error`}>{errors.groupId}</FieldError>
            </div>
            <div className="flex items-end">
              <Button type="submit" disabled={adder.state !== "idle"}>
                {adder.state !== "idle" ? "Adding…" : "Add vehicle"}
              </Button>
            </div>
          </adder.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
