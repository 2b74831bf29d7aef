import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import type { HubRole } from "../views";
import { StatusPill } from "./status-pill";

export type ContractRow = {
  id: number;
  company: string;
  status: "requested" | "accepted" | "declined" | "withdrawn" | "ended";
  vehicleType: string;
  vehicles: number;
  windowText: string;
  datesText: string;
  energyKwh: number;
  pencePerKwh: number;
  pencePerVisit: number;
  note: string | null;
};

const STATUS = {
  requested: { label: "Waiting for the operator", tone: "waiting" },
  accepted: { label: "Accepted", tone: "good" },
  declined: { label: "Declined", tone: "settled" },
  withdrawn: { label: "Withdrawn", tone: "settled" },
  ended: { label: "Ended: the hub closed", tone: "settled" },
} as const;

/**
 * The hub's contracts the viewer may see: the operator every customer's (and decides the requests), a haulier its own
 * (and may withdraw one still waiting). Each keeps the prices it was asked at.
 */
export function ContractsCard({ contracts, as, mayAct }: { contracts: ContractRow[]; as: HubRole; mayAct: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{as === "haulier" ? "Your contracts here" : "Contracts"}</CardTitle>
        <CardDescription>
          {as === "haulier"
            ? "What your vehicles may use, at the prices agreed when you asked."
            : "Every customer's requests and contracts. Accepting plans the week again with everything accepted since."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {contracts.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet.</p>
        ) : (
          <ul className="grid gap-3">
            {contracts.map((c) => (
              <li key={c.id} className="grid gap-2 rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">
                    {as === "haulier"
                      ? `${c.vehicles} × ${c.vehicleType}`
                      : `${c.company}: ${c.vehicles} × ${c.vehicleType}`}
                  </p>
                  <StatusPill tone={STATUS[c.status].tone}>{STATUS[c.status].label}</StatusPill>
                </div>
                <p className="text-sm">
                  {c.windowText}
                  {c.datesText ? `, ${c.datesText}` : ""}; {c.energyKwh.toLocaleString("en-GB")} kWh a visit
                </p>
                <p className="text-sm text-muted-foreground">
                  {c.pencePerKwh}p a kWh{c.pencePerVisit ? `, ${c.pencePerVisit}p a visit` : ""}
                  {c.note ? ` · ${c.note}` : ""}
                </p>
                {mayAct && c.status === "requested" ? (
                  <fetcher.Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="contractId" value={c.id} />
                    {as === "haulier" ? (
                      <Button
                        type="submit"
                        name="intent"
                        value="withdraw"
                        variant="outline"
                        size="sm"
                        disabled={fetcher.state !== "idle"}
                      >
                        Withdraw the request
                      </Button>
                    ) : (
                      <>
                        <Button
                          type="submit"
                          name="intent"
                          value="accept"
                          size="sm"
                          disabled={fetcher.state !== "idle"}
                        >
                          Accept
                        </Button>
                        <Button
                          type="submit"
                          name="intent"
                          value="decline"
                          variant="outline"
                          size="sm"
                          disabled={fetcher.state !== "idle"}
                        >
                          Decline
                        </Button>
                      </>
                    )}
                  </fetcher.Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
