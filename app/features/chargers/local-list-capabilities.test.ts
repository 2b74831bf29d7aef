import { describe, expect, it } from "vitest";

import { capabilitiesIn16, capabilitiesIn201 } from "./local-list-capabilities.server";

const variables = (values: Record<string, string>) => ({
  getVariableResult: Object.entries(values).map(([name, attributeValue]) => ({
    attributeStatus: "Accepted",
    attributeValue,
    variable: { name },
  })),
});

describe("how many tags a charger takes in one list message", () => {
  it("takes a 2.0.1 station's ItemsPerMessage when its BytesPerMessage has room for them", () => {
    // 65,000 bytes hold some 540 entries: the station's 500 a message is what limits.
    expect(
      capabilitiesIn201(
        variables({ Available: "true", Enabled: "true", ItemsPerMessage: "500", BytesPerMessage: "65000" }),
      ),
    ).toEqual({ maxLength: 10_000, perMessage: 500 });
  });

  it("sends fewer when its BytesPerMessage is what limits", () => {
    expect(capabilitiesIn201(variables({ ItemsPerMessage: "500", BytesPerMessage: "6000" }))).toEqual({
      maxLength: 10_000,
      perMessage: 50,
    });
  });

  it("takes a 1.6 charger's SendLocalListMaxLength within its LocalAuthListMaxLength", () => {
    const key = (k: string, value: string) => ({ key: k, value });
    expect(
      capabilitiesIn16({
        configurationKey: [
          key("SupportedFeatureProfiles", "Core,LocalAuthListManagement"),
          key("LocalAuthListMaxLength", "300"),
          key("SendLocalListMaxLength", "500"),
        ],
      }),
    ).toEqual({ maxLength: 300, perMessage: 300 });
  });
});
