import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { ROLE_LABELS, type CompanyRole } from "~/lib/company-roles";

export type CompanyChoice = { id: number; name: string; role: CompanyRole; current: boolean };

/** The company the session works in, and the others the person belongs to, each one a click away. */
export function CompanySwitcher({ companies }: { companies: CompanyChoice[] }) {
  const current = companies.find((c) => c.current);
  if (!current) return null;
  const others = companies.filter((c) => !c.current);
  return (
    <div className="grid gap-1 text-sm">
      <p>
        <span className="block font-medium break-words">{current.name}</span>
        <span className="text-muted-foreground">{ROLE_LABELS[current.role]}</span>
      </p>
      {others.length > 0 ? (
        <ul aria-label="Switch company" className="grid gap-1">
          {others.map((company) => (
            <li key={company.id}>
              <Form method="post" action="/switch-company">
                <input type="hidden" name="companyId" value={company.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  className="h-auto w-full justify-start py-1.5 text-left whitespace-normal"
                >
                  Switch to {company.name}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
