import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";

import { FormError, TextAreaField } from "~/components/text-area-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { DEPOT_STATUSES, statusLabel } from "~/features/depots";

/** The longest admin notes the server keeps (the form says so before the server has to). */
export const ADMIN_NOTES_MAX = 5000;

export function AdminActions({
  status,
  adminNotes,
  errors,
}: {
  status: string;
  adminNotes: string;
  errors: Record<string, string>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [chosenStatus, setChosenStatus] = useState(status);
  const [notes, setNotes] = useState(adminNotes);
  const statusId = useId();
  const changed = chosenStatus !== status || notes.trim() !== adminNotes;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin Actions</CardTitle>
        <CardDescription>Admin notes are kept with the depot and are never shown to the haulier.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={statusId}>Status</Label>
            <NativeSelect
              id={statusId}
              name="status"
              value={chosenStatus}
              onChange={(event) => setChosenStatus(event.currentTarget.value)}
              aria-invalid={errors.status ? true : undefined}
              aria-describedby={errors.status ? `${statusId}-error` : undefined}
            >
              {DEPOT_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {statusLabel(option)}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${statusId}-error`}>{errors.status}</FieldError>
          </div>
          <TextAreaField
            label="Admin Notes"
            name="adminNotes"
            rows={5}
            maxLength={ADMIN_NOTES_MAX}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            placeholder="Add notes about this depot..."
            error={errors.adminNotes}
          />
          <FormError>{errors.form}</FormError>
          <Button type="submit" disabled={saving || !changed}>
            {saving ? "Updating..." : "Update Depot Status"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
