import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table } from "~/components/ui/table";
import { cn } from "~/lib/utils";

import { DAY_NAMES } from "../visit-window";

export type HourRoom = { roomKw: number; chargersFree: number };

/** How full an hour is: none left (of power or chargers), under a quarter left, or room. */
function level(hour: HourRoom, limitKw: number, chargers: number): "full" | "busy" | "room" {
  if (hour.roomKw <= 0.5 || hour.chargersFree <= 0) return "full";
  if (hour.roomKw < limitKw / 4 || hour.chargersFree < chargers / 4) return "busy";
  return "room";
}

const STYLE = {
  full: "bg-red-200 text-red-950",
  busy: "bg-amber-100 text-amber-950",
  room: "bg-emerald-50 text-emerald-950",
};
const WORD = { full: "Full", busy: "Busy", room: "Room" };

/**
 * The hub's week by hour, as its contracts fill it (the engine's plan of the week): each hour says the chargers free
 * then and is coloured by what is left of the connection and the chargers. The same figures are in each cell's text.
 */
export function WeekGrid({ hours, limitKw, chargers }: { hours: HourRoom[]; limitKw: number; chargers: number }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>The week by hour</CardTitle>
        <CardDescription>
          Chargers free in each hour with every accepted contract charged, of {chargers}; the colour says what is left
          of the {Math.round(limitKw)} kW connection too. <span className="font-medium">Full</span>: nothing left;{" "}
          <span className="font-medium">Busy</span>: under a quarter left.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table scrollLabel="The week by hour" className="border-separate border-spacing-0.5 text-xs">
          <thead>
            <tr>
              <th scope="col" className="sr-only">
                Day
              </th>
              {Array.from({ length: 24 }, (_, h) => (
                <th key={h} scope="col" className="px-0.5 text-center font-normal text-muted-foreground">
                  {String(h).padStart(2, "0")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DAY_NAMES.map((day, d) => (
              <tr key={day}>
                <th scope="row" className="pr-1 text-left font-medium">
                  {day}
                </th>
                {hours.slice(d * 24, d * 24 + 24).map((hour, h) => {
                  const fill = level(hour, limitKw, chargers);
                  return (
                    <td
                      key={h}
                      className={cn("min-w-7 rounded-sm px-0.5 py-1 text-center tabular-nums", STYLE[fill])}
                      title={`${day} ${String(h).padStart(2, "0")}:00 — ${WORD[fill]}: ${Math.max(0, hour.chargersFree)} chargers and ${Math.round(hour.roomKw)} kW free`}
                    >
                      <span aria-hidden="true">{Math.max(0, hour.chargersFree)}</span>
                      <span className="sr-only">
                        {String(h).padStart(2, "0")}:00 {WORD[fill]}, {Math.max(0, hour.chargersFree)} chargers and{" "}
                        {Math.round(hour.roomKw)} kW free
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </CardContent>
    </Card>
  );
}
