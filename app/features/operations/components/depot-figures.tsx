import { clockTime } from "~/lib/uk-dates";
import { kw } from "~/lib/units";

/** One figure of "The depot now": its title, value and a note, outlined in red when it needs attention. */
export function Figure({
  title,
  value,
  note,
  alert,
}: {
  title: string;
  value: string;
  note?: string;
  alert?: boolean;
}) {
  return (
    <li className={`rounded-lg border p-4 ${alert ? "border-red-400 bg-red-50" : "bg-card"}`}>
      <p className="text-sm text-muted-foreground">{title}</p>
      <p className="text-2xl font-semibold">{value}</p>
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
    </li>
  );
}

type MeterView = { readAt: string; buildingKw: number | null; silentSince: string | null; countedKw: number };

/** The site's own meter: the building's real load, or that it is silent and what the controller counts instead. */
export function MeterFigure({ meter }: { meter: MeterView }) {
  return meter.silentSince ? (
    <Figure
      title="Site meter"
      value="Silent"
      note={`since ${clockTime(meter.silentSince)}: the building is counted at ${kw(meter.countedKw)} (the higher of the plan's and the last reading, plus 10 % of the connection)`}
      alert
    />
  ) : (
    <Figure
      title="Building load"
      value={kw(meter.buildingKw ?? 0)}
      note={`from the site meter at ${clockTime(meter.readAt)}`}
    />
  );
}

/** The connection offer in force (issue 60): its capacity now, and how it is held. */
export function ConnectionFigure({ connection }: { connection: { name: string; nowKva: number; note: string } }) {
  return (
    <Figure
      title="Connection in force"
      value={`${Math.round(connection.nowKva).toLocaleString("en-GB")} kVA`}
      note={`${connection.name}, ${connection.note}`}
    />
  );
}
