import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { FormError } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { COMPANY_ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/lib/company-roles";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { DepotChoices } from "./depot-choices";

/** The owner's invitation: an e-mail, a role and, for a depot manager, their depots. */
export function InviteForm({ depots }: { depots: { id: number; name: string }[] }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.intent === "invite" ? fetcher.data.errors : {};
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "invite") form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>They get an e-mail with a link that works once, for 7 days.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" ref={form} className="grid gap-4" aria-label="Invite someone">
          <FormError>{errors.form}</FormError>
          <TextField name="email" label="E-mail" type="email" autoComplete="off" required error={errors.email} />
          <div className="grid gap-2">
            <Label htmlFor="invite-role">Role</Label>
            <NativeSelect id="invite-role" name="role" defaultValue="viewer" aria-describedby="invite-role-help">
              {COMPANY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
            <ul id="invite-role-help" className="grid gap-1 text-sm text-muted-foreground">
              {COMPANY_ROLES.map((role) => (
                <li key={role}>
                  <span className="font-medium text-foreground">{ROLE_LABELS[role]}:</span> {ROLE_DESCRIPTIONS[role]}
                </li>
              ))}
            </ul>
          </div>
          <DepotChoices depots={depots} error={errors.depots ?? errors.depotIds} />
          <Button type="submit" name="intent" value="invite" disabled={fetcher.state !== "idle"} className="sm:w-fit">
            {fetcher.state === "idle" ? "Send invitation" : "Sending…"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
