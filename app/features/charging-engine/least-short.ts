import { MaxFlow } from "./max-flow";
import { prepare } from "./prepare";
import type { PlanInput } from "./types";

/**
 * The least energy (kWh) the fleet's trips must go without, whatever the plan: their energy less the maximum flow
 * from each vehicle, through its stays (from arrival, before any wait for a charger, to departure, at the most its
 * fastest charger and the vehicle take), into the steps of the cycle (at most the connection's room after the
 * building, and all the chargers at full power). Every constraint a real plan keeps is kept or loosened here (a
 * vehicle may use any of its stays for any of its trips, a charger may serve any vehicle), so no plan charges more:
 * what goes uncharged is at least this. A hub's refusal says it (issue 57), rather than a plan's shortfall, which can
 * be more than must be.
 */
export function leastShortKwh(input: PlanInput): number {
  const { steps, dt, headroom, stays, vehicles } = prepare(input);
  const chargersKw = input.chargers.reduce((sum, c) => sum + c.count * c.powerKw, 0);
  const fastestKw = (typeId: string) =>
    input.chargers
      .filter((c) => c.serves === "all" || c.serves.includes(typeId))
      .reduce((kw, c) => Math.max(kw, c.powerKw), 0);
  // Nodes: the source, the vehicles, their stays, the steps, the sink.
  const source = 0;
  const vehicleNode = (v: number) => 1 + v;
  const stayNode = (i: number) => 1 + vehicles.length + i;
  const stepNode = (t: number) => 1 + vehicles.length + stays.length + t;
  const sink = 1 + vehicles.length + stays.length + steps;
  const flow = new MaxFlow(sink + 1, vehicles.length + stays.length * 8 + steps);
  let needed = 0;
  vehicles.forEach((vehicle, v) => {
    const kwh = vehicle.stays.reduce((sum, i) => sum + stays[i]!.tripKwh, 0);
    needed += kwh;
    flow.addEdge(source, vehicleNode(v), kwh);
    for (const i of vehicle.stays) flow.addEdge(vehicleNode(v), stayNode(i), Infinity);
  });
  stays.forEach((stay, i) => {
    const kw = Math.min(stay.vehicleMaxKw, fastestKw(stay.typeId));
    if (kw <= 0) return;
    const arrived = stay.start - stay.waitedSteps;
    const length = Math.min(steps, stay.length + stay.waitedSteps);
    for (let k = 0; k < length; k++)
      flow.addEdge(stayNode(i), stepNode((((arrived + k) % steps) + steps) % steps), kw * dt);
  });
  for (let t = 0; t < steps; t++) flow.addEdge(stepNode(t), sink, Math.min(headroom[t]!, chargersKw) * dt);
  return Math.max(0, needed - flow.run(source, sink));
}
