import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { COMPANY_ROLES, ROLE_LABELS, type CompanyRole } from "~/lib/company-roles";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { DepotChoices } from "./depot-choices";

export type MemberView = {
  id: number;
  name: string;
  email: string;
  role: CompanyRole;
  depots: { id: number; name: string }[];
  isYou: boolean;
};

/** One member: who, their role and depots; for an owner, the role to change, hand over or remove. */
export function MemberRow({
  member,
  manages,
  depots,
}: {
  member: MemberView;
  manages: boolean;
  depots: { id: number; name: string }[];
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const errors = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.errors : {};
  const label = member.name.trim() || member.email;
  return (
    <li className="grid gap-3 border-b py-4 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">
            {label}
            {member.isYou ? <span className="text-muted-foreground"> (you)</span> : null}
          </p>
          {member.name.trim() ? <p className="text-sm break-all text-muted-foreground">{member.email}</p> : null}
        </div>
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-medium">{ROLE_LABELS[member.role]}</span>
      </div>
      {member.role === "depot_manager" && member.depots.length > 0 ? (
        <p className="text-sm text-muted-foreground">Depots: {member.depots.map((d) => d.name).join(", ")}</p>
      ) : null}
      {manages ? (
        <details className="rounded-md border p-3">
          <summary className="cursor-pointer text-sm font-medium">Change {label}'s role or access</summary>
          <fetcher.Form method="post" className="mt-3 grid gap-3">
            <input type="hidden" name="memberId" value={member.id} />
            {errors.form ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
              </p>
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor={`role-${member.id}`}>Role</Label>
              <NativeSelect id={`role-${member.id}`} name="role" defaultValue={member.role}>
                {COMPANY_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <DepotChoices depots={depots} chosen={member.depots.map((d) => d.id)} error={errors.depots} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="role" disabled={busy}>
                Save role
              </Button>
              {member.isYou || member.role === "owner" ? null : (
                <Button type="submit" name="intent" value="transfer" variant="outline" disabled={busy}>
                  Hand ownership to {label}
                </Button>
              )}
              {member.isYou ? null : (
                <Button type="submit" name="intent" value="remove" variant="destructive" disabled={busy}>
                  Remove from team
                </Button>
              )}
            </div>
          </fetcher.Form>
        </details>
      ) : null}
    </li>
  );
}
