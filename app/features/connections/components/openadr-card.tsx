import { useFetcher } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { dayAndTime } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

type Link = {
  vtnUrl: string;
  programName: string;
  lastPolledAt: string | null;
  lastOkAt: string | null;
  lastError: string | null;
};

/**
 * The depot's link to its network operator's OpenADR 3.0 VTN: its address, program and how the last poll went, and
 * (for those who may) the form to set it, with the operator's token or its OAuth client ID and secret, or remove it.
 */
export function OpenAdrCard({ link, canChange }: { link: Link | null; canChange: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>OpenADR 3.0</CardTitle>
        <CardDescription>
          {link
            ? `Polled every 30 seconds: ${link.vtnUrl}, program ${link.programName}. ${link.lastOkAt ? `Last read ${dayAndTime(link.lastOkAt)}.` : link.lastPolledAt ? `Tried ${dayAndTime(link.lastPolledAt)}; not read yet.` : "Not read yet."}`
            : "Link the network operator's VTN: the product polls its program's events for the site's import capacity limit, and the network is heard while it answers."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {link?.lastError ? (
          <p className="text-sm text-destructive" role="status">
            {link.lastError}
          </p>
        ) : null}
        {canChange ? (
          <fetcher.Form method="post" className="grid items-start gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="link-vtn" />
            <TextField
              label="VTN address"
              name="vtnUrl"
              type="url"
              required
              defaultValue={link?.vtnUrl ?? ""}
              error={errors.vtnUrl}
            />
            <TextField
              label="Program"
              name="programName"
              required
              defaultValue={link?.programName ?? ""}
              error={errors.programName}
            />
            <TextField
              label="Token"
              name="token"
              type="password"
              autoComplete="off"
              hint="Or, where the VTN issues its own tokens, its client ID and secret below"
              error={errors.token}
            />
            <TextField label="Client ID" name="clientId" autoComplete="off" error={errors.clientId} />
            <TextField
              label="Client secret"
              name="clientSecret"
              type="password"
              autoComplete="off"
              error={errors.clientSecret}
            />
            <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                {link ? "Save the link" : "Link the VTN"}
              </Button>
              {link ? (
                <Button
                  type="submit"
                  name="intent"
                  value="unlink-vtn"
                  variant="outline"
                  formNoValidate
                  disabled={fetcher.state !== "idle"}
                >
                  Remove the link
                </Button>
              ) : null}
            </div>
          </fetcher.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
