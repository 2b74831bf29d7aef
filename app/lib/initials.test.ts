import { describe, expect, it } from "vitest";

import { initialsFor } from "./initials";

describe("initialsFor", () => {
  it("takes the first letters of up to two words of the name", () => {
    expect(initialsFor("Jo Bloggs", "jo@example.com")).toBe("JB");
    expect(initialsFor("mary ann de la cruz", null)).toBe("MA");
    expect(initialsFor("  Cher  ", null)).toBe("C");
  });

  it("falls back to the first two letters of the e-mail", () => {
    expect(initialsFor(null, "driver@fleet.example")).toBe("DR");
    expect(initialsFor("   ", "x@fleet.example")).toBe("X@");
  });

  it("falls back to U when there is neither", () => {
    expect(initialsFor(null, null)).toBe("U");
    expect(initialsFor("", "")).toBe("U");
  });

  it("keeps letters outside the basic plane whole", () => {
    expect(initialsFor("Émile Zola", null)).toBe("ÉZ");
    expect(initialsFor("𝒜lice 𝒝ob", null)).toBe("𝒜𝒝");
  });
});
