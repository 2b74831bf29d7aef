import { z } from "zod";

/**
 * A charger as its depot's haulier or an admin registers it. The identity is
 * the last part of the address the charger connects to (OCPP 2.0.1 allows up
 * to 48 characters from URL's unreserved set; 1.6 chargers use the same).
 */
export const chargePointInputSchema = z.object({
  identity: z
    .string()
    .trim()
    .min(1, "Enter the charger's identity (as configured on the charger)")
    .max(48, "The identity can be at most 48 characters")
    .regex(/^[A-Za-z0-9._~-]+$/, "The identity may use letters, digits and . _ ~ - only"),
  name: z.string().trim().min(1, "Enter a name for the charger").max(80, "The name can be at most 80 characters"),
  connectors: z.coerce
    .number({ message: "Enter how many connectors it has" })
    .int("Connectors must be a whole number")
    .min(1, "A charger has at least 1 connector")
    .max(8, "At most 8 connectors"),
  maxKw: z.coerce
    .number({ message: "Enter its maximum power in kW" })
    .min(1, "Maximum power is at least 1 kW")
    .max(1000, "Maximum power is at most 1,000 kW"),
  currentType: z.enum(["AC", "DC"], { message: "Choose AC or DC" }),
  /** A charger, or the site's own meter at the connection (it only sends meter values: issue 49). */
  role: z.enum(["charger", "site-meter"], { message: "Choose a charger or the site's meter" }).default("charger"),
});

export type ChargePointInput = z.infer<typeof chargePointInputSchema>;

/** The OCPP versions the endpoint speaks, in the order it prefers them. */
export const OCPP_PROTOCOLS = ["ocpp2.0.1", "ocpp1.6"] as const;
export type OcppProtocol = (typeof OCPP_PROTOCOLS)[number];

/** Where a charger connects: the endpoint, then its identity. */
export const OCPP_PATH = "/ocpp";
