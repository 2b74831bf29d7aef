/**
 * The specification's recommendations for a total placed charger power (kW),
 * kept exactly: transformer MVA = ceil(total / 1000), distribution boards =
 * ceil(total / 100), a power management system always, battery storage above
 * 500 kW and load balancing otherwise. Nothing is recommended at 0 kW.
 */
export type Recommendations = {
  transformerMva: number;
  distributionBoards: number;
  powerManagementSystem: true;
  storage: "battery storage" | "load balancing";
};

export function recommendationsFor(totalKw: number): Recommendations | null {
  if (!(totalKw > 0)) return null;
  return {
    transformerMva: Math.ceil(totalKw / 1000),
    distributionBoards: Math.ceil(totalKw / 100),
    powerManagementSystem: true,
    storage: totalKw > 500 ? "battery storage" : "load balancing",
  };
}
