import { useState } from "react";

import { Input } from "~/components/ui/input";
import { clock, parseClock } from "~/features/planning/format";

/**
 * A time of day, typed and shown as 24-hour hh:mm. A native time field shows
 * the browser's own format: AM/PM in a browser set to US English (as Debian's
 * Chromium is out of the box), where the product's times are 24-hour for
 * everyone. So a text field: what is typed is passed on once it is a time
 * ("0730" and "7:30" are 07:30), and on leaving the field it shows the time
 * in force again (written out, or as it was if what was typed is no time).
 */
export function ClockInput({
  label,
  minutes,
  onChange,
  onClear,
  disabled,
}: {
  label: string;
  minutes: number | undefined;
  onChange: (minutes: number) => void;
  /** Where the field may be left empty: called when it is emptied. */
  onClear?: () => void;
  disabled?: boolean;
}) {
  // What is being typed, until the field is left (null: the time in force).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (minutes === undefined ? "" : clock(minutes));
  const empty = text.trim() === "";
  const valid = parseClock(text) !== null || (onClear !== undefined && empty);
  return (
    <Input
      aria-label={label}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="hh:mm"
      maxLength={5}
      disabled={disabled}
      value={text}
      aria-invalid={valid ? undefined : true}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setDraft(typed);
        const parsed = parseClock(typed);
        if (parsed !== null) onChange(parsed);
        else if (onClear && typed.trim() === "") onClear();
      }}
      onBlur={() => setDraft(null)}
      className="w-20 tabular-nums"
    />
  );
}
