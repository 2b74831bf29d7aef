import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { ACTIONS, RULES } from "./policy";

/**
 * Issue 58: one policy decides who may do what, so nothing else compares company ids. This reads every source file of
 * the app (outside lib/access) and fails on an equality comparison of a company id (a row's, a principal's, a hub's
 * operator's or customer's) with anything but null, and on a read of a principal's company id or role; a feature
 * that needs one asks the policy (lib/access) instead. A feature may still look rows up by a company id the policy
 * handed it (`requireRole`, a resource's facts): that is a key, not a decision.
 */
const app = path.resolve(import.meta.dirname, "../..");
const IDS = String.raw`(?:company_id|companyId|company\??\.id|operatorId|operator\.id|customerId)`;
const COMPARES = new RegExp(
  String.raw`(?:${IDS}\s*[!=]==?\s*(?!null\b|undefined\b)[\w.?(]|[\w.?)\]]\s*[!=]==?\s*[\w.?]*${IDS}\b)`,
);
/** A principal's company read off it (viewer.company.id, user.company?.role…): only the policy reads those. */
const PRINCIPAL_COMPANY = /\b(?:viewer|user|principal|teller|actor|key|admin|owner|member)\.company\??\.(?:id|role)\b/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full.endsWith(path.join("lib", "access")) ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every line of the app's source that decides access by comparing company ids itself. */
export function comparisonsOutsideThePolicy(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) =>
        !line.trim().startsWith("//") &&
        !line.trim().startsWith("*") &&
        (COMPARES.test(line) || PRINCIPAL_COMPANY.test(line))
          ? [`${path.relative(app, file)}:${i + 1}: ${line.trim()}`]
          : [],
      ),
  );
}

describe("one policy", () => {
  it("is the only place that compares company ids", () => {
    expect(comparisonsOutsideThePolicy(sources(app))).toEqual([]);
  });

  it("catches a comparison added back (the forms issue 58 found)", () => {
    const found = (line: string) => COMPARES.test(line) || PRINCIPAL_COMPANY.test(line);
    expect(found('if (!row || row.company_id !== viewer.company?.id || row.status !== "booked")')).toBe(true);
    expect(found('if (hub.as === "operator" || viewer.company?.id === hub.operator.id)')).toBe(true);
    expect(found('query.where("hub_bookings.company_id", "=", viewer.company?.id ?? 0)')).toBe(true);
    expect(
      found("const depot = found && (user.isAdmin || found.company_id === user.company?.id) ? found : undefined;"),
    ).toBe(true);
    expect(found("if (company.id === hub.operator.id)")).toBe(true);
    // A null check, and a key the policy handed out, are not decisions.
    expect(found("if (!row || row.company_id === null) return null;")).toBe(false);
    expect(found('.where("company_id", "=", company.id)')).toBe(false);
  });

  it("has a rule for every action, each naming a read that exists", () => {
    for (const action of ACTIONS) {
      const rule = RULES[action];
      if (rule.seen) expect(ACTIONS, `${action} is seen by ${rule.seen}`).toContain(rule.seen);
      expect(rule.why.length, `${action} says why`).toBeGreaterThan(10);
    }
  });
});
