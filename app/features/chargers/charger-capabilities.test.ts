import { describe, expect, it } from "vitest";

import { refusalIn16, refusalIn201 } from "./charger-capabilities.server";

describe("whether a charger says it takes charging profiles", () => {
  it("reads a 1.6J charger's SupportedFeatureProfiles, in any case and spacing, and trusts one that does not say", () => {
    const with16 = (value?: string) => refusalIn16({ configurationKey: [{ key: "SupportedFeatureProfiles", value }] });
    expect(with16("Core,FirmwareManagement,SmartCharging")).toBeNull();
    expect(with16(" core , smartcharging ")).toBeNull();
    expect(with16("Core,RemoteTrigger")).toBe(
      "Does not support smart charging (its SupportedFeatureProfiles: Core, RemoteTrigger)",
    );
    expect(with16("")).toBe("Does not support smart charging (its SupportedFeatureProfiles: none)");
    expect(with16(undefined)).toBeNull();
    expect(refusalIn16({})).toBeNull();
    expect(refusalIn16({ configurationKey: [{ key: "HeartbeatInterval", value: "300" }] })).toBeNull();
  });

  it("reads a 2.0.1 station's SmartChargingCtrlr: unknown, unavailable or off is a refusal; on, or unsaid, is not", () => {
    const result = (name: string, attributeStatus: string, attributeValue?: string) => ({
      attributeStatus,
      attributeValue,
      variable: { name },
    });
    const answer = (...r: ReturnType<typeof result>[]) => refusalIn201({ getVariableResult: r });
    expect(answer(result("Available", "Accepted", "true"), result("Enabled", "Accepted", "true"))).toBeNull();
    expect(answer(result("Available", "UnknownComponent"), result("Enabled", "UnknownComponent"))).toBe(
      "Has no smart charging controller (SmartChargingCtrlr is unknown to it)",
    );
    expect(answer(result("Available", "Accepted", "FALSE"), result("Enabled", "Accepted", "true"))).toBe(
      "Smart charging is not available on it (SmartChargingCtrlr.Available is false)",
    );
    expect(answer(result("Available", "Accepted", "true"), result("Enabled", "Accepted", "false"))).toBe(
      "Smart charging is turned off on it (SmartChargingCtrlr.Enabled is false)",
    );
    // A variable it does not report (Enabled is optional) says nothing against it.
    expect(answer(result("Available", "Accepted", "true"), result("Enabled", "UnknownVariable"))).toBeNull();
    expect(refusalIn201({})).toBeNull();
  });
});
