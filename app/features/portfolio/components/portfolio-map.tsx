import { Suspense, useState } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DepotMap, type MapDepot } from "~/features/energy-map";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The company's depots on the energy map's map, each in its substation's
 * capacity colour; without tiles it falls back to the map's bundled outline
 * (depot-map.client.tsx). Selecting a depot here only highlights it: depots
 * are placed on the energy map.
 */
export function PortfolioMap({
  depots,
  tileUrl,
  attribution,
}: {
  depots: MapDepot[];
  tileUrl: string | null;
  attribution: string;
}) {
  const hydrated = useHydrated();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const placed = depots.filter((d) => d.latitude !== null && d.longitude !== null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Depots on the map</CardTitle>
        <CardDescription>
          {placed.length === depots.length
            ? "Each depot in the colour of its nearest substation's headroom: green above 66%, yellow above 33%, red at 33% or less."
            : `${depots.length - placed.length} of ${depots.length} depots are not placed yet: place them on the Energy to Depot map.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-80 overflow-hidden rounded-md border sm:h-96">
          {hydrated ? (
            <Suspense fallback={<p className="p-6 text-sm text-muted-foreground">Loading map...</p>}>
              <DepotMap
                depots={depots}
                substations={[]}
                selectedId={selectedId}
                placingId={null}
                tileUrl={tileUrl}
                attribution={attribution}
                onSelect={setSelectedId}
              />
            </Suspense>
          ) : (
            <p className="p-6 text-sm text-muted-foreground">Loading map...</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
