import { useId, type ComponentProps } from "react";

import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";

/** A labelled text area with its validation message, wired for screen readers (the TextField of long text). */
export function TextAreaField({
  label,
  error,
  ...textarea
}: { label: string; error?: string } & ComponentProps<typeof Textarea>) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A form-level message (not tied to one field), announced when it appears. */
export function FormError({ children }: { children?: React.ReactNode }) {
  return children ? (
    <p role="alert" className="text-sm text-destructive">
      {children}
    </p>
  ) : null;
}
