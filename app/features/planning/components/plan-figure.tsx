/** kW as the charts label it: whole kilowatts, UK grouping. */
export const kw = (value: unknown) => `${Number(value).toLocaleString("en-GB", { maximumFractionDigits: 0 })} kW`;

/** A chart with its caption (what it shows) and an optional note under it; its height is fixed so the page does not jump. */
export function Figure({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: string | null;
  children: React.ReactNode;
}) {
  return (
    <figure aria-labelledby={id} className="grid min-w-0 grid-cols-1 gap-2">
      <figcaption id={id} className="text-sm font-medium">
        {title}
      </figcaption>
      <div className="h-72 w-full">{children}</div>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
    </figure>
  );
}
