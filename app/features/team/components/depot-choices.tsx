import { useId } from "react";

/** The depots a depot manager may reach: one checkbox each, in a labelled group. */
export function DepotChoices({
  depots,
  chosen = [],
  error,
  legend = "Depots (for a depot manager)",
}: {
  depots: { id: number; name: string }[];
  chosen?: number[];
  error?: string;
  legend?: string;
}) {
  const errorId = useId();
  if (depots.length === 0) return <p className="text-sm text-muted-foreground">The company has no depots yet.</p>;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
        {depots.map((depot) => (
          <label key={depot.id} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="depotIds"
              value={depot.id}
              defaultChecked={chosen.includes(depot.id)}
              className="size-4 accent-primary"
            />
            {depot.name}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
