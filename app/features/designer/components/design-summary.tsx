import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { StatusBadge } from "~/features/depots";
import type { ReachableDepot } from "~/features/depots/index.server";

import { catalogueItem, SITE } from "../catalogue";
import { recommendationsFor } from "../recommendations";
import type { Designer } from "../use-designer";

/** The Summary tab: the depot, what the layout (saved or not) adds up to, and what it needs. */
export function DesignSummary({
  depot,
  designer: { stats },
}: {
  depot: Omit<ReachableDepot, "companyId">;
  designer: Designer;
}) {
  const recommendations = recommendationsFor(stats.totalKw);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{depot.name}</CardTitle>
          <CardDescription>{depot.address}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>
            Status: <StatusBadge status={depot.status} />
          </p>
          <p>Vehicles: {depot.vehicles ?? "Not specified"}</p>
          <p>
            Site plan: {SITE.width} × {SITE.depth} m
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Charging Requirements</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>
            Total charger power: <strong>{stats.totalKw} kW</strong>
          </p>
          <p>
            Chargers:{" "}
            <strong>
              {stats.byComponent
                .filter((c) => catalogueItem(c.componentId).type === "charger")
                .reduce((sum, c) => sum + c.count, 0)}
            </strong>
            {depot.vehicles ? ` for ${depot.vehicles} vehicles` : ""}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Component Breakdown</CardTitle>
        </CardHeader>
        <CardContent>
          {stats.count === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing placed yet.</p>
          ) : (
            <Table aria-label="Component breakdown">
              <TableHeader>
                <TableRow>
                  <TableHead>Component</TableHead>
                  <TableHead>Count</TableHead>
                  <TableHead>Power</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {stats.byComponent.map((row) => (
                  <TableRow key={row.componentId}>
                    <TableCell>{row.name}</TableCell>
                    <TableCell>{row.count}</TableCell>
                    <TableCell>{row.kw > 0 ? `${row.kw} kW` : "—"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Recommendations</CardTitle>
        </CardHeader>
        <CardContent>
          {recommendations ? (
            <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="Recommendations">
              <li>Transformer: {recommendations.transformerMva} MVA</li>
              <li>Distribution boards: {recommendations.distributionBoards}</li>
              <li>A power management system</li>
              <li>{recommendations.storage === "battery storage" ? "Battery storage" : "Load balancing"}</li>
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">Place chargers in the designer to see recommendations.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
