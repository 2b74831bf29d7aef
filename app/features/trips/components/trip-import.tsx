import { FileUpIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { FIELD_LABELS, REQUIRED_FIELDS, TRIP_FIELDS, type ColumnMapping, type TripField } from "../columns";
import type { TripPreview } from "../import-trips.server";

type PreviewResult = ActionResult & { preview?: TripPreview };

/**
 * Importing a trip export in two steps: read the file (its columns, the
 * first rows and what was recognised), then confirm the columns, the
 * distance unit and anonymising, and import. Nothing is kept until then.
 */
export function TripImport({ maxFileMb, hasTrips }: { maxFileMb: number; hasTrips: boolean }) {
  const reader = useFetcher<PreviewResult>();
  const importer = useFetcher<ActionResult>();
  useFetcherToast(reader.data?.ok === false ? reader.data : undefined);
  useFetcherToast(importer.data);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const read = reader.data?.ok ? reader.data.preview : undefined;
  // Once imported, the mapping step closes (the file input is cleared for the next export).
  const [imported, setImported] = useState<TripPreview | undefined>();
  const [inputKey, setInputKey] = useState(0);
  if (importer.state === "idle" && importer.data?.ok && read && imported !== read) {
    setImported(read);
    setInputKey(inputKey + 1);
  }
  const preview = read === imported ? undefined : read;
  const [choices, setChoices] = useState<{
    for: TripPreview | undefined;
    mapping: ColumnMapping;
    unit: "km" | "mi";
    drivers: boolean;
    vehicles: boolean;
  }>({ for: undefined, mapping: {}, unit: "km", drivers: true, vehicles: false });
  // A newly read file starts from what was recognised in it.
  if (preview && choices.for !== preview)
    setChoices({ ...choices, for: preview, mapping: preview.mapping, unit: preview.distanceUnit ?? "km" });

  const send = (intent: "preview" | "import") => {
    const file = fileInput.current?.files?.[0];
    if (!file) return;
    const body = new FormData();
    body.set("intent", intent);
    body.set("file", file);
    if (intent === "import")
      body.set(
        "choices",
        JSON.stringify({
          mapping: choices.mapping,
          distanceUnit: choices.unit,
          anonymiseDrivers: choices.drivers,
          replaceVehicleIds: choices.vehicles,
        }),
      );
    const fetcher = intent === "preview" ? reader : importer;
    void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  };
  const missing = REQUIRED_FIELDS.filter((field) => choices.mapping[field] === undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{hasTrips ? "Import a newer export" : "Import the fleet's trips"}</CardTitle>
        <CardDescription>
          A CSV or Excel export of trips from your telematics (Geotab, Webfleet, Samsara, MiX, Microlise or a tachograph
          tool): vehicle, start and end time, distance, and end position where it has one. Up to {maxFileMb} MB. Times
          are read as UK time.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid w-full max-w-md min-w-0 gap-2">
            <Label htmlFor={fileId}>Trip export</Label>
            <input
              id={fileId}
              key={inputKey}
              ref={fileInput}
              type="file"
              name="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
              onChange={() => send("preview")}
            />
          </div>
          <Button type="button" variant="outline" onClick={() => send("preview")} disabled={reader.state !== "idle"}>
            <FileUpIcon aria-hidden="true" /> {reader.state !== "idle" ? "Reading..." : "Read file"}
          </Button>
        </div>
        {preview ? (
          <div className="grid grid-cols-1 gap-4" data-testid="trip-mapping">
            <p className="text-sm">
              <strong>{preview.fileName}</strong>: {preview.rows.toLocaleString("en-GB")} rows. Check which column holds
              what{missing.length ? "; choose the ones marked required" : ""}.
            </p>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {TRIP_FIELDS.map((field) => (
                <MappingSelect
                  key={field}
                  field={field}
                  headers={preview.headers}
                  value={choices.mapping[field]}
                  onChange={(index) =>
                    setChoices({ ...choices, mapping: { ...choices.mapping, [field]: index } as ColumnMapping })
                  }
                />
              ))}
              <div className="grid gap-1">
                <Label htmlFor={`${fileId}-unit`}>Distances are in</Label>
                <NativeSelect
                  id={`${fileId}-unit`}
                  value={choices.unit}
                  onChange={(event) => setChoices({ ...choices, unit: event.currentTarget.value as "km" | "mi" })}
                >
                  <option value="km">kilometres</option>
                  <option value="mi">miles</option>
                </NativeSelect>
              </div>
            </div>
            <AnonymiseChoices
              drivers={choices.drivers}
              vehicles={choices.vehicles}
              onChange={(change) => setChoices({ ...choices, ...change })}
            />
            <FirstRows preview={preview} />
            <div>
              <Button
                type="button"
                onClick={() => send("import")}
                disabled={missing.length > 0 || importer.state !== "idle"}
              >
                {importer.state !== "idle" ? "Importing..." : `Import ${preview.rows.toLocaleString("en-GB")} rows`}
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function MappingSelect({
  field,
  headers,
  value,
  onChange,
}: {
  field: TripField;
  headers: string[];
  value: number | undefined;
  onChange: (index: number | undefined) => void;
}) {
  const id = useId();
  const required = REQUIRED_FIELDS.includes(field);
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>
        {FIELD_LABELS[field]}
        {required ? <span className="text-muted-foreground"> (required)</span> : null}
      </Label>
      <NativeSelect
        id={id}
        value={value === undefined ? "" : String(value)}
        aria-invalid={required && value === undefined ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value === "" ? undefined : Number(event.currentTarget.value))}
      >
        <option value="">Not in this file</option>
        {headers.map((header, i) => (
          <option key={i} value={i}>
            {header || `Column ${i + 1}`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Whether drivers' names are left out and vehicle ids replaced, before anything is kept. */
function AnonymiseChoices({
  drivers,
  vehicles,
  onChange,
}: {
  drivers: boolean;
  vehicles: boolean;
  onChange: (change: { drivers?: boolean; vehicles?: boolean }) => void;
}) {
  return (
    <fieldset className="grid gap-2 text-sm">
      <legend className="mb-1 font-medium">Anonymise</legend>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={drivers}
          onChange={(event) => onChange({ drivers: event.currentTarget.checked })}
        />
        Leave out drivers&apos; names
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={vehicles}
          onChange={(event) => onChange({ vehicles: event.currentTarget.checked })}
        />
        Replace vehicle ids with Vehicle 1, Vehicle 2…
      </label>
    </fieldset>
  );
}

/** The file's first rows as read, under its own headers, to check the columns against. */
function FirstRows({ preview }: { preview: TripPreview }) {
  return (
    <div className="rounded-md border">
      <Table aria-label="First rows of the file" scrollLabel="First rows of the file, scrolls sideways">
        <TableHeader>
          <TableRow>
            {preview.headers.map((header, i) => (
              <TableHead key={i} className="whitespace-nowrap">
                {header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.sample.map((row, r) => (
            <TableRow key={r}>
              {preview.headers.map((_, c) => (
                <TableCell key={c} className="whitespace-nowrap">
                  {row[c] ?? ""}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
