/** The network operators whose published capacity data the product imports, with the credit their licences ask for. */
export const OPERATORS = {
  nged: {
    name: "National Grid Electricity Distribution",
    format: "Network Capacity Map (CSV)",
    source: "National Grid Electricity Distribution, Network Capacity Map",
    licence: "NGED Open Data Licence (based on the Open Government Licence v3)",
    attribution: "Contains data from National Grid Electricity Distribution",
  },
  ukpn: {
    name: "UK Power Networks",
    format: "Grid and Primary Sites (GeoJSON)",
    source: "UK Power Networks, Grid and Primary Sites",
    licence: "CC BY 4.0",
    attribution: "© UK Power Networks",
  },
} as const;

export type Operator = keyof typeof OPERATORS;

export function isOperator(value: unknown): value is Operator {
  return typeof value === "string" && Object.hasOwn(OPERATORS, value);
}

/** The largest network-capacity file an admin may import: the published files are 1–2 MB; anything far larger is not one of them. */
export const MAX_GRID_FILE_MB = 25;
