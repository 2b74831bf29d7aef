import { describe, expect, it } from "vitest";

import { parseId } from "./parse-id";

describe("parseId", () => {
  it("reads the ids the product writes", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId("999999999999999")).toBe(999_999_999_999_999);
  });

  it("gives 0 (no record) for anything Number() would read as another id", () => {
    for (const value of [
      "0x10",
      "1e3",
      " 7",
      "7 ",
      "1.0",
      "+7",
      "-1",
      "0",
      "07",
      "",
      "../2",
      "１２",
      "9999999999999999",
      null,
      undefined,
      7,
    ]) {
      expect(parseId(value), String(value)).toBe(0);
    }
  });
});
