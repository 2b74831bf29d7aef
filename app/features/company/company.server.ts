import { mayDo, requireCompany, requireRole, type DepotViewer } from "~/features/depots/index.server";
import { getProfile } from "~/features/users/index.server";
import { toBoolean } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import type { CompanyInput } from "./company-schema";

export type CompanyValues = {
  companyName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  chargingStrategy: string;
};

/**
 * The current company's form values: its saved details, or else (until an owner saves them) what the viewer's
 * profile and account already say.
 */
export async function getCompanyValues(
  deps: Pick<Runtime, "database">,
  user: DepotViewer & { email: string },
): Promise<{ saved: boolean; values: CompanyValues }> {
  const own = mayDo(user, "company.read") ? requireCompany(user) : null;
  const company = own
    ? await deps.database.db.selectFrom("companies").selectAll().where("id", "=", own.id).executeTakeFirst()
    : undefined;
  if (company && toBoolean(company.details_saved)) {
    return {
      saved: true,
      values: {
        companyName: company.company_name,
        contactName: company.contact_name ?? "",
        contactEmail: company.contact_email ?? "",
        contactPhone: company.contact_phone ?? "",
        chargingStrategy: company.charging_strategy ?? "",
      },
    };
  }
  const profile = await getProfile(deps, user.id);
  return {
    saved: false,
    values: {
      companyName: profile.organization ?? "",
      contactName: profile.name ?? "",
      contactEmail: user.email,
      contactPhone: profile.phone ?? "",
      chargingStrategy: "",
    },
  };
}

/** Saves the current company's details: its owners only. */
export async function saveCompany(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  input: CompanyInput,
): Promise<void> {
  const company = requireRole(viewer, "company.details");
  const values = {
    company_name: input.companyName,
    contact_name: input.contactName,
    contact_email: input.contactEmail,
    contact_phone: input.contactPhone,
    charging_strategy: input.chargingStrategy,
    details_saved: 1,
    updated_at: new Date().toISOString(),
  };
  await deps.database.db.updateTable("companies").set(values).where("id", "=", company.id).execute();
}
