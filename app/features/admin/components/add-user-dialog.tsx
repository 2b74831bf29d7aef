import { UserPlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogCancel,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import type { ActionResult } from "~/lib/action-result";
import { MIN_PASSWORD_LENGTH } from "~/lib/auth/constants";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

/** Creates an account with a password the admin chooses, or sends the person an invitation to choose their own. */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  const [invite, setInvite] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const inviteId = useId();
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};

  // A created user closes the dialog (once per answer); a refusal keeps it open with the reason.
  const [handled, setHandled] = useState<ActionResult | undefined>();
  if (fetcher.state === "idle" && fetcher.data?.ok && handled !== fetcher.data) {
    setHandled(fetcher.data);
    setOpen(false);
    setInvite(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <UserPlusIcon aria-hidden="true" /> Add User
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>Create an account for a haulier. They sign in with this e-mail address.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action="/admin?index" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="add-user" />
          <TextField label="Email" name="email" type="email" autoComplete="off" required error={errors.email} />
          <div className="flex items-start gap-2">
            <input
              id={inviteId}
              type="checkbox"
              name="invite"
              className="mt-1 size-4 accent-primary"
              checked={invite}
              onChange={(event) => setInvite(event.currentTarget.checked)}
            />
            <label htmlFor={inviteId} className="text-sm">
              Send an invitation e-mail instead of setting a password
              <span className="block text-muted-foreground">
                They choose their own password from a link that works once, for 7 days.
              </span>
            </label>
          </div>
          {invite ? null : (
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              error={errors.password}
              aria-description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            />
          )}
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <DialogFooter>
            <DialogCancel />
            <Button type="submit" disabled={busy}>
              {busy ? "Creating..." : "Create User"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
