import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { clockTime } from "~/lib/uk-dates";
import { kw } from "~/lib/units";

export type LoadPoint = { at: string; kw: number; limitKw: number | null };

/** The site's charging load against its limit, the last 24 hours (loaded with recharts only when on screen). */
export default function LoadChart({ points }: { points: LoadPoint[] }) {
  const data = points.map((p) => ({ t: Date.parse(p.at), load: Number(p.kw.toFixed(2)), limit: p.limitKw }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={["dataMin", "dataMax"]}
          tickFormatter={(t: number) => clockTime(new Date(t).toISOString())}
          minTickGap={40}
          tick={{ fontSize: 12 }}
        />
        <YAxis width={56} tickFormatter={(v: number) => `${v} kW`} tick={{ fontSize: 12 }} />
        <Tooltip
          labelFormatter={(t) => clockTime(new Date(Number(t)).toISOString())}
          formatter={(value, name) => [kw(Number(value)), name === "limit" ? "Site limit" : "Charging load"]}
        />
        <Line
          dataKey="limit"
          name="limit"
          stroke="#b91c1c"
          strokeDasharray="6 4"
          dot={false}
          isAnimationActive={false}
        />
        <Line dataKey="load" name="load" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
