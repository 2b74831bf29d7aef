import { getProfile } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import type { CompanyInput } from "./company-schema";

export type CompanyValues = {
  companyName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  chargingStrategy: string;
};

/** The company form's values: the saved company, or else what the profile and the account already say. */
export async function getCompanyValues(
  deps: Pick<Runtime, "database">,
  user: { id: string; email: string },
): Promise<{ saved: boolean; values: CompanyValues }> {
  const company = await deps.database.db
    .selectFrom("companies")
    .selectAll()
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (company) {
    return {
      saved: true,
      values: {
        companyName: company.company_name,
        contactName: company.contact_name,
        contactEmail: company.contact_email,
        contactPhone: company.contact_phone,
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

export async function saveCompany(deps: Pick<Runtime, "database">, userId: string, input: CompanyInput): Promise<void> {
  const values = {
    company_name: input.companyName,
    contact_name: input.contactName,
    contact_email: input.contactEmail,
    contact_phone: input.contactPhone,
    charging_strategy: input.chargingStrategy,
    updated_at: new Date().toISOString(),
  };
  await deps.database.db
    .insertInto("companies")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}
