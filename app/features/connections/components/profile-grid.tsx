import { clock, DAY_TYPES, SEASONS, type DayType, type ProfileGrid as Grid, type Season } from "../offer-shape";

const ROW_LABELS: Record<Season, Record<DayType, string>> = {
  winter: { weekday: "Winter weekdays", weekend: "Winter weekends" },
  summer: { weekday: "Summer weekdays", weekend: "Summer weekends" },
};

/** Each row's runs of equal half hours, as "00:00–16:00 800 kVA". */
function runs(values: number[]) {
  const out: { from: number; to: number; kva: number }[] = [];
  let start = 0;
  for (let h = 1; h <= values.length; h++)
    if (h === values.length || values[h] !== values[start]) {
      out.push({ from: start * 30, to: h * 30, kva: values[start]! });
      start = h;
    }
  return out;
}

/**
 * A profiled offer's capacity through the day: a bar per row (season and day type) whose runs of equal capacity
 * are shaded by how much of the offer's most they give, each named in words for screen readers and in its title.
 */
export function ProfileGrid({ profile, mostKva }: { profile: Grid; mostKva: number }) {
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm text-muted-foreground">
        Capacity through the day (UK time), darker is more
      </figcaption>
      <ul className="grid gap-1.5">
        {SEASONS.flatMap((season) =>
          DAY_TYPES.map((day) => {
            const bands = runs(profile[season][day]);
            const label = bands
              .map((b) => `${clock(b.from)}–${clock(b.to)} ${b.kva.toLocaleString("en-GB")} kVA`)
              .join(", ");
            return (
              <li key={`${season}-${day}`} className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:items-center">
                <span className="text-sm font-medium">{ROW_LABELS[season][day]}</span>
                <span
                  className="flex h-7 overflow-hidden rounded border"
                  role="img"
                  aria-label={`${ROW_LABELS[season][day]}: ${label}`}
                >
                  {bands.map((b) => {
                    const share = mostKva > 0 ? b.kva / mostKva : 0;
                    return (
                      <span
                        key={b.from}
                        title={`${clock(b.from)}–${clock(b.to)}: ${b.kva.toLocaleString("en-GB")} kVA`}
                        className="flex items-center justify-center overflow-hidden text-xs whitespace-nowrap"
                        style={{
                          width: `${((b.to - b.from) / 1440) * 100}%`,
                          background: `color-mix(in oklab, var(--color-primary) ${Math.round(15 + share * 70)}%, white)`,
                          color: share > 0.55 ? "white" : "black",
                        }}
                      >
                        {b.to - b.from >= 180 ? `${b.kva.toLocaleString("en-GB")}` : ""}
                      </span>
                    );
                  })}
                </span>
              </li>
            );
          }),
        )}
      </ul>
      <p className="flex justify-between text-xs text-muted-foreground sm:ml-36" aria-hidden="true">
        <span>00:00</span>
        <span>06:00</span>
        <span>12:00</span>
        <span>18:00</span>
        <span>24:00</span>
      </p>
    </figure>
  );
}
