import { useId, useState } from "react";

import { Input } from "~/components/ui/input";

/** "0:150, 80:150, 100:40" ↔ [[0, 150], [80, 150], [100, 40]]; null when the text is not a list of charge:power pairs. */
export function parseCurve(text: string): [number, number][] | null | undefined {
  if (text.trim() === "") return undefined;
  const points = text.split(/[,;]/).map((pair) =>
    pair
      .trim()
      .split(/\s*[:=]\s*|\s+/)
      .map(Number),
  );
  if (points.some((p) => p.length !== 2 || p.some((v) => !Number.isFinite(v)))) return null;
  return points as [number, number][];
}
export const formatCurve = (curve: [number, number][] | undefined) =>
  (curve ?? []).map(([soc, kw]) => `${soc}:${kw}`).join(", ");

/** The curve as typed; sent to the plan only when it reads as pairs (the server checks the rest). */
export function CurveInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: [number, number][] | undefined;
  onChange: (curve: [number, number][] | undefined) => void;
}) {
  const [text, setText] = useState(() => formatCurve(value));
  const errorId = useId();
  const invalid = parseCurve(text) === null;
  return (
    <div className="grid gap-1">
      <Input
        aria-label={label}
        placeholder="none (flat)"
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setText(next);
          const parsed = parseCurve(next);
          if (parsed !== null) onChange(parsed);
        }}
        className="min-w-44"
      />
      {invalid ? (
        <p id={errorId} className="text-xs text-red-800">
          Write charge %:kW pairs, e.g. 0:150, 80:150, 100:40
        </p>
      ) : null}
    </div>
  );
}
