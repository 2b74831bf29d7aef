import { PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { toast } from "sonner";

import { FormError, TextAreaField } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogCancel,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { DEPOT_LIMIT_MESSAGE, MAX_DEPOTS_PER_ACCOUNT } from "~/features/depots/depot-limits";
import { AT_LEAST_ONE_DEPOT } from "~/features/depots/depot-list-schema";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

/** A depot as the form holds it (saved ones have an id). */
export type DepotDraft = { key: string; id?: number; name: string; address: string; notes: string; photos: number };
/** What the company page's actions answer. */
export type ActionData = ActionResult & {
  /** What was submitted, so a refused save loses nothing. */
  values?: Record<string, string>;
  depots?: DepotDraft[];
};

export function DepotLocations({
  initial,
  photosById,
  error,
}: {
  initial: DepotDraft[];
  photosById: Record<number, number>;
  error?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "depots";
  const [depots, setDepots] = useState<DepotDraft[]>(
    initial.length > 0 ? initial : [{ key: "new-0", name: "", address: "", notes: "", photos: 0 }],
  );
  const [nextKey, setNextKey] = useState(1);
  const [confirming, setConfirming] = useState<DepotDraft | null>(null);
  const [pendingDelete, setPendingDelete] = useState<number | null>(null);
  const deleter = useFetcher<ActionData>();
  useFetcherToast(deleter.data);
  // A removed depot leaves the list once the server confirms it (other cards keep their unsaved edits).
  const [handled, setHandled] = useState<ActionData | undefined>();
  if (deleter.state === "idle" && deleter.data && handled !== deleter.data) {
    setHandled(deleter.data);
    const removedId = pendingDelete;
    if (deleter.data.toast?.type === "success") setDepots((list) => list.filter((item) => item.id !== removedId));
  }

  const update = (key: string, field: "name" | "address" | "notes", value: string) =>
    setDepots((list) => list.map((depot) => (depot.key === key ? { ...depot, [field]: value } : depot)));
  const remove = (depot: DepotDraft) => {
    if (depots.length <= 1) {
      toast.warning(AT_LEAST_ONE_DEPOT);
      return;
    }
    if (depot.id) setConfirming(depot);
    else setDepots((list) => list.filter((item) => item.key !== depot.key));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Depot Locations</CardTitle>
        <CardDescription>
          Every depot needs a name and an address. Depots you surveyed keep their survey answers and photos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="depots" />
          {depots.map((depot, index) => (
            <DepotCard
              key={depot.key}
              depot={depot}
              index={index}
              photos={depot.id ? (photosById[depot.id] ?? 0) : 0}
              onChange={update}
              onRemove={remove}
            />
          ))}
          <Button
            type="button"
            variant="outline"
            disabled={depots.length >= MAX_DEPOTS_PER_ACCOUNT}
            aria-describedby={depots.length >= MAX_DEPOTS_PER_ACCOUNT ? "depot-limit" : undefined}
            onClick={() => {
              setDepots((list) => [...list, { key: `new-${nextKey}`, name: "", address: "", notes: "", photos: 0 }]);
              setNextKey((n) => n + 1);
            }}
          >
            <PlusIcon aria-hidden="true" /> Add Another Depot
          </Button>
          {depots.length >= MAX_DEPOTS_PER_ACCOUNT ? (
            <p id="depot-limit" className="text-sm text-muted-foreground">
              {DEPOT_LIMIT_MESSAGE}
            </p>
          ) : null}
          <FormError>{error}</FormError>
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link to="/electrify/company-setup" preventScrollReset>
                Back
              </Link>
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save and Continue"}
            </Button>
          </div>
        </Form>
        <Dialog open={confirming !== null} onOpenChange={(open) => (open ? null : setConfirming(null))}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Remove {confirming?.name || "this depot"}?</DialogTitle>
              <DialogDescription>
                The depot is deleted now, with its design. A depot with survey photos cannot be removed here: its photos
                are part of your submission.
              </DialogDescription>
            </DialogHeader>
            <deleter.Form
              method="post"
              onSubmit={() => {
                setPendingDelete(confirming?.id ?? null);
                setConfirming(null);
              }}
            >
              <input type="hidden" name="intent" value="delete-depot" />
              <input type="hidden" name="depotId" value={confirming?.id ?? ""} />
              <DialogFooter>
                <DialogCancel />
                <Button type="submit" variant="destructive">
                  Remove depot
                </Button>
              </DialogFooter>
            </deleter.Form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function DepotCard({
  depot,
  index,
  photos,
  onChange,
  onRemove,
}: {
  depot: DepotDraft;
  index: number;
  photos: number;
  onChange: (key: string, field: "name" | "address" | "notes", value: string) => void;
  onRemove: (depot: DepotDraft) => void;
}) {
  const title = `Depot ${index + 1}`;
  return (
    <fieldset className="relative grid gap-3 rounded-lg border p-4">
      <legend className="sr-only">{title}</legend>
      <p aria-hidden="true" className="text-base font-semibold">
        {title}
      </p>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2"
        onClick={() => onRemove(depot)}
        aria-label={`Remove ${title}${depot.name ? ` (${depot.name})` : ""}`}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      <input type="hidden" name="depotId" value={depot.id ?? ""} />
      <TextField
        label="Depot Name"
        name="depotName"
        required
        value={depot.name}
        maxLength={200}
        onChange={(event) => onChange(depot.key, "name", event.currentTarget.value)}
      />
      <TextField
        label="Address"
        name="depotAddress"
        required
        value={depot.address}
        maxLength={500}
        onChange={(event) => onChange(depot.key, "address", event.currentTarget.value)}
      />
      <TextAreaField
        label="Notes"
        name="depotNotes"
        rows={2}
        maxLength={5000}
        value={depot.notes}
        onChange={(event) => onChange(depot.key, "notes", event.currentTarget.value)}
      />
      {photos > 0 ? (
        <p className="text-xs text-muted-foreground">
          Surveyed: {photos} photo{photos === 1 ? "" : "s"} kept with this depot.
        </p>
      ) : null}
    </fieldset>
  );
}
