import { z } from "zod";

import { parseId } from "~/lib/parse-id";
import { singleLine } from "~/lib/single-line";

import { DEPOT_LIMIT_MESSAGE, MAX_DEPOTS_PER_ACCOUNT } from "./depot-limits";

export const ALL_DEPOTS_NEED_NAME_AND_ADDRESS = "All depots must have a name and address";
export const AT_LEAST_ONE_DEPOT = "You must have at least one depot";

const depotEntry = z.object({
  /** Absent for a new depot. */
  id: z.number().int().positive("A depot in the list is not one of yours; reload the page and try again").optional(),
  name: singleLine(z.string().trim().max(200, "Depot names must be at most 200 characters"), "A depot name"),
  address: singleLine(z.string().trim().max(500, "Addresses must be at most 500 characters"), "A depot address"),
  notes: z
    .string()
    .trim()
    .max(5000, "Notes must be at most 5,000 characters")
    .transform((value) => value || null),
});
export type DepotEntry = z.output<typeof depotEntry>;

/** The Depot Locations list: at least one depot, and every one with a name and an address. */
export const depotListSchema = z
  .array(depotEntry)
  .min(1, AT_LEAST_ONE_DEPOT)
  .max(MAX_DEPOTS_PER_ACCOUNT, DEPOT_LIMIT_MESSAGE)
  .superRefine((depots, ctx) => {
    if (depots.some((depot) => !depot.name || !depot.address))
      ctx.addIssue({ code: "custom", message: ALL_DEPOTS_NEED_NAME_AND_ADDRESS });
    const ids = depots.flatMap((depot) => (depot.id ? [depot.id] : []));
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: "custom", message: "A depot appears twice in the list" });
  });

/** Reads the repeated depot fields of the form, in order. */
export function depotsFromForm(form: FormData): { id?: number; name: string; address: string; notes: string }[] {
  const text = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const ids = text("depotId");
  const names = text("depotName");
  const addresses = text("depotAddress");
  const notes = text("depotNotes");
  return names.map((name, i) => {
    // Empty for a new depot; anything else must be a depot's id (0 is refused by the schema, not taken as a new depot).
    const id = ids[i] ? parseId(ids[i]) : undefined;
    return { id, name, address: addresses[i] ?? "", notes: notes[i] ?? "" };
  });
}
