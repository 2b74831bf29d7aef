import { useId, useState, type ComponentProps } from "react";

import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * A 24-hour clock time typed as hh:mm: a native time field shows AM/PM in a browser set to US English, and the
 * product writes UK times. The server parses the text (HH:MM) whatever the browser sends.
 */
export const CLOCK_FIELD = {
  type: "text",
  inputMode: "numeric",
  placeholder: "hh:mm",
  maxLength: 5,
  autoComplete: "off",
} as const;

/** What a corrected value looks like, unless the field says otherwise: filled in when required, an address for e-mail. */
function looksValid(value: string, input: { required?: boolean; type?: string; minLength?: number }): boolean {
  const trimmed = value.trim();
  if (input.required && trimmed === "") return false;
  if (input.type === "email" && trimmed !== "" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return false;
  if (input.minLength !== undefined && value.length < input.minLength) return false;
  return true;
}

/**
 * A labelled input with its validation message, wired for screen readers.
 * The server's message stays until the value is corrected, then goes at once
 * (the server checks again on the next submit).
 */
export function TextField({
  label,
  error,
  hint,
  required,
  isValid,
  onChange,
  ...input
}: {
  label: string;
  error?: string;
  /** A line under the field saying what it takes (read out with it). */
  hint?: string;
  required?: boolean;
  /** Whether a typed value answers the error (default: filled in when required, an e-mail address for type email). */
  isValid?: (value: string) => boolean;
} & ComponentProps<typeof Input>) {
  const id = useId();
  const [shownFor, setShownFor] = useState(error);
  const [corrected, setCorrected] = useState(false);
  // A new message from the server is shown again, even after an earlier one was corrected.
  if (error !== shownFor) {
    setShownFor(error);
    setCorrected(false);
  }
  const visible = corrected ? undefined : error;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required ? <span className="text-destructive">*</span> : null}
      </Label>
      <Input
        id={id}
        aria-invalid={visible ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : "", visible ? `${id}-error` : ""].join(" ").trim() || undefined}
        onChange={(event) => {
          if (error) {
            const value = event.currentTarget.value;
            setCorrected(isValid ? isValid(value) : looksValid(value, { required, ...input }));
          }
          onChange?.(event);
        }}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{visible}</FieldError>
    </div>
  );
}
