// Prints the policy's rules (app/lib/access/rules.ts) as the table in docs/access-policy.md:
// `npm run access:table > docs/access-policy.md`. The test tests/integration/access-sweep.test.ts holds the running
// server to the same rules for every route and action; app/lib/access/policy.test.ts checks the table's reading.
import { ACTIONS, RULES } from "../app/lib/access/policy";
import { COMPANY_ROLES, ROLE_LABELS } from "../app/lib/company-roles";

const RELATION = {
  own: "own",
  self: "self",
  customer: "customer",
  visitor: "visitor",
  listed: "listed",
  booked: "booked",
  anyone: "anyone",
} as const;
const cell = (relations: readonly string[] | undefined) =>
  relations?.length ? relations.map((r) => RELATION[r as keyof typeof RELATION]).join(", ") : "—";

const lines = [
  "# Who may do what",
  "",
  "Generated from `app/lib/access/rules.ts` by `npm run access:table` (decision 056). Each row is one action the",
  "product asks the policy about; a cell is the relation a principal needs to the thing (any one of them):",
  "",
  "- **own**: it is their company's (a hub: their company runs it); a depot manager only within their depots;",
  "- **self**: their own place in a team; **customer**: their company is the customer it is for, or holds an accepted",
  "  contract at the hub; **visitor**: an open hub of another company; **listed**: an open hub;",
  "- **booked**: (a vehicle at a charger) its company has a visit booked there now; **anyone**: the site lets any tag",
  "  charge (free vend).",
  "",
  "Refused where the principal may not see the thing, the answer is exactly as for a thing that does not exist (404);",
  "where they see it (the *seen by* column), 403 — or 409 where only a hub's status stands in the way. *While open*:",
  "customers and visitors only while the hub is open. An allowed change in the *log* column is a line of the",
  "company's activity log.",
  "",
  `| action | about | ${COMPANY_ROLES.map((r) => ROLE_LABELS[r].toLowerCase()).join(" | ")} | admins | API key | vehicle's tag | while open | seen by | log | why |`,
  `|---|---|${COMPANY_ROLES.map(() => "---").join("|")}|---|---|---|---|---|---|---|`,
  ...ACTIONS.map((action) => {
    const rule = RULES[action];
    const key = rule.key ? `${rule.key.scope}: ${cell(rule.key.relations)}` : "—";
    return `| \`${action}\` | ${rule.on} | ${COMPANY_ROLES.map((r) => cell(rule.members[r])).join(" | ")} | ${rule.admins ? "yes" : "—"} | ${key} | ${cell(rule.vehicles)} | ${rule.whileOpen ? "yes" : ""} | ${rule.seen ? `\`${rule.seen}\`` : ""} | ${rule.logged ?? ""} | ${rule.why} |`;
  }),
  "",
];
console.log(lines.join("\n"));
