import { useId, type ComponentProps } from "react";

import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";

/** A labelled native select of the given options, with its validation message wired for screen readers. */
export function SelectField({
  label,
  error,
  options,
  ...select
}: {
  label: string;
  error?: string;
  options: readonly { value: string | number; label: string }[];
} & Omit<ComponentProps<typeof NativeSelect>, "children">) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
