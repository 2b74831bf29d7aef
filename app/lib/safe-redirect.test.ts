import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirect("/account", "/depots")).toBe("/account");
    expect(safeRedirect("/electrify/depot-details?id=4#plan", "/depots")).toBe("/electrify/depot-details?id=4#plan");
  });

  it.each([
    ["https://evil.example/", "an absolute URL"],
    ["//evil.example/path", "a protocol-relative URL"],
    ["/\\evil.example", "a backslash trick"],
    ["\\\\evil.example", "backslashes"],
    ["javascript:alert(1)", "a script URL"],
    ["account", "a relative path"],
    ["/\tevil", "a control character"],
    ["", "an empty value"],
  ])("refuses %s (%s)", (target) => {
    expect(safeRedirect(target, "/depots")).toBe("/depots");
  });

  it("refuses a missing value", () => {
    expect(safeRedirect(null, "/admin")).toBe("/admin");
    expect(safeRedirect(undefined, "/admin")).toBe("/admin");
  });
});
