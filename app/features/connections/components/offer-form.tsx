import { useEffect, useRef, useState, type ChangeEvent, type ComponentProps } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { TextAreaField } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { CURTAILMENT_CSV_EXAMPLE } from "../curtailment-csv";
import { OFFER_KIND_LABELS, OFFER_KINDS, type OfferKind } from "../offer-shape";
import { PROFILE_CSV_EXAMPLE } from "../profile-csv";

type Errors = Record<string, string | undefined>;

/** A CSV typed or pasted, or read in the browser from a file chosen beside it (the server checks the text). */
function CsvTextArea({
  hint,
  ...area
}: { label: string; name: string; error?: string; hint: string } & ComponentProps<typeof TextAreaField>) {
  const text = useRef<HTMLTextAreaElement>(null);
  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const into = text.current;
    if (file && into) into.value = await file.text();
  };
  return (
    <div className="grid gap-2 sm:col-span-2">
      <TextAreaField ref={text} rows={6} className="font-mono text-sm" {...area} />
      <label className="grid gap-1 text-sm">
        Or read it from a CSV file
        <input type="file" accept=".csv,text/csv" onChange={load} className="w-full min-w-0 text-sm" />
      </label>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

const kvaField = { type: "number", min: 0, step: "any", required: true } as const;

/** A flexible offer's non-firm part and when it is cut: a record (CSV) or an estimate of hours a year. */
function FlexibleFields({ errors }: { errors: Errors }) {
  const [record, setRecord] = useState<"imported" | "estimate">("imported");
  return (
    <>
      <TextField label="Non-firm part (kVA)" name="nonFirmKva" {...kvaField} error={errors.nonFirmKva} />
      <fieldset className="grid gap-2 sm:col-span-2">
        <legend className="text-sm font-medium">When the non-firm part is cut</legend>
        {(
          [
            ["imported", "A record of past curtailment (CSV)"],
            ["estimate", "An estimate of hours a year"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="record"
              value={value}
              checked={record === value}
              onChange={() => setRecord(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {record === "imported" ? (
        <CsvTextArea
          label="Curtailment record (CSV: start, end, kVA cut)"
          name="curtailment"
          placeholder={CURTAILMENT_CSV_EXAMPLE}
          error={errors.curtailment}
          hint="Times with their zone (Z or +01:00); a blank kVA cuts the whole non-firm part."
        />
      ) : (
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <TextField label="Hours a year" name="hoursPerYear" {...kvaField} max={8760} error={errors.hoursPerYear} />
          <TextField
            label="Cut from"
            name="windowFrom"
            type="time"
            step={1800}
            defaultValue="16:00"
            required
            error={errors.windowFrom}
          />
          <TextField
            label="Until"
            name="windowTo"
            type="time"
            step={1800}
            defaultValue="19:00"
            required
            error={errors.windowTo}
          />
        </div>
      )}
    </>
  );
}

/** What the offer gives: one capacity (firm), a profile (CSV), or a firm and a non-firm part and its curtailment. */
function CapacityFields({ kind, errors }: { kind: OfferKind; errors: Errors }) {
  if (kind === "profiled")
    return (
      <CsvTextArea
        label="Profile (CSV: season, days, from, to, kVA)"
        name="profile"
        defaultValue={PROFILE_CSV_EXAMPLE}
        error={errors.profile}
        hint="Seasons are all, winter (November to March) or summer; days are all, weekdays or weekends; times on the half hour, each day covered from 00:00 to 24:00."
      />
    );
  return (
    <>
      <TextField
        label={kind === "firm" ? "Capacity (kVA)" : "Firm part (kVA)"}
        name="firmKva"
        {...kvaField}
        error={errors.firmKva}
      />
      {kind === "flexible" ? <FlexibleFields errors={errors} /> : null}
    </>
  );
}

/**
 * Adds a connection offer: its name, operator, cost and energisation date, and what it gives. The server checks
 * it all; a refused offer keeps what was typed.
 */
export function OfferForm({ full }: { full: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors: Errors = fetcher.data?.errors ?? {};
  const [kind, setKind] = useState<OfferKind>("profiled");
  const form = useRef<HTMLFormElement>(null);
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true && fetcher.data.intent === "add-offer";
  useEffect(() => {
    if (saved) form.current?.reset();
  }, [saved]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Add an offer</CardTitle>
        <CardDescription>
          What the network operator offers: a firm connection, one whose capacity changes through the day (profiled), or
          one with a part the network may cut (flexible).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form ref={form} method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="add-offer" />
          <TextField
            label="Name"
            name="name"
            required
            maxLength={100}
            placeholder="e.g. UKPN profiled, 2027"
            error={errors.name}
          />
          <TextField label="Network operator" name="operator" maxLength={100} error={errors.operator} />
          <SelectField
            label="Kind"
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as OfferKind)}
            options={OFFER_KINDS.map((k) => ({ value: k, label: OFFER_KIND_LABELS[k] }))}
            error={errors.kind}
          />
          <TextField label="Cost (£)" name="costPounds" {...kvaField} error={errors.costPounds} />
          <TextField label="Can be energised on" name="energiseOn" type="date" required error={errors.energiseOn} />
          <CapacityFields kind={kind} errors={errors} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={full || fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Adding…" : "Add the offer"}
            </Button>
            {full ? (
              <p className="mt-2 text-sm text-muted-foreground">
                This depot holds as many offers as it may: remove one first.
              </p>
            ) : null}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
