import { describe, expect, it } from "vitest";

import { REDIRECT_BYPASSES } from "../../tests/support/redirect-bypasses";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirect("/account", "/depots")).toBe("/account");
    expect(safeRedirect("/electrify/depot-details?id=4#plan", "/depots")).toBe("/electrify/depot-details?id=4#plan");
    expect(safeRedirect("/depots/./12", "/depots")).toBe("/depots/12");
    // Encoded slashes after a dot stay one path segment on this site.
    expect(safeRedirect("/.%2f/evil.example", "/depots")).toBe("/.%2f/evil.example");
    expect(safeRedirect("/./", "/depots")).toBe("/");
  });

  it.each(REDIRECT_BYPASSES)("refuses %j", (target) => {
    const result = safeRedirect(target, "/depots");
    expect(result).toBe("/depots");
  });

  it("never returns anything a browser would resolve to another origin", () => {
    for (const target of REDIRECT_BYPASSES) {
      const result = safeRedirect(target, "/depots");
      expect(new URL(result, "https://electrify.example/").origin).toBe("https://electrify.example");
    }
  });

  it("refuses a missing value", () => {
    expect(safeRedirect(null, "/admin")).toBe("/admin");
    expect(safeRedirect(undefined, "/admin")).toBe("/admin");
  });
});
