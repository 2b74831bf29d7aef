import { CameraIcon, XIcon } from "lucide-react";
import { useEffect, useId, useMemo } from "react";

import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";

function Preview({ file, alt, onRemove }: { file: File; alt: string; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <div className="relative w-40">
      <img src={url} alt={alt} className="aspect-[4/3] w-40 rounded-md border object-cover" />
      <Button
        type="button"
        size="icon"
        variant="secondary"
        className="absolute top-1 right-1 size-8"
        onClick={onRemove}
        aria-label={`Remove ${alt}`}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

/** A photo input that prefers the rear camera, with previews; `multiple` keeps adding photos. */
export function PhotoField({
  label,
  description,
  name,
  files,
  onChange,
  multiple = false,
  required = false,
  error,
}: {
  label: string;
  description?: string;
  name: string;
  files: File[];
  onChange: (files: File[]) => void;
  multiple?: boolean;
  required?: boolean;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-semibold">
        {label}
        {required ? <span className="text-destructive"> *</span> : null}
      </legend>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      {files.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {files.map((file, index) => (
            <Preview
              key={`${file.name}-${file.lastModified}-${index}`}
              file={file}
              alt={multiple ? `${label} photo ${index + 1}` : `${label} photo`}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
            />
          ))}
        </div>
      ) : null}
      {multiple || files.length === 0 ? (
        <div>
          <Label
            htmlFor={id}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-input px-4 text-sm font-medium hover:bg-accent focus-within:ring-[3px] focus-within:ring-ring/60"
          >
            <CameraIcon className="size-4" aria-hidden="true" />
            {files.length === 0 ? "Take or choose a photo" : "Add another photo"}
          </Label>
          <input
            id={id}
            name={name}
            type="file"
            accept="image/*"
            capture="environment"
            multiple={multiple}
            className="sr-only"
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const picked = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = "";
              onChange(multiple ? [...files, ...picked] : picked.slice(0, 1));
            }}
          />
        </div>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
