import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { linkSchema, linkView, networkState, pollVtn, saveLink } from "~/features/connections/index.server";
import { siteLimitKw } from "~/features/live-control";
import { depotSite } from "~/features/live-control/index.server";
import { defaultPlanInput } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { startTestVtn } from "../support/openadr-vtn";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const program = (id: string, name: string) => ({
  id,
  objectType: "PROGRAM",
  programName: name,
  createdDateTime: iso(Date.now()),
  modificationDateTime: iso(Date.now()),
});
/** An event of the site's import capacity limit: `kw` from `from` for an hour, in one interval. */
const limitEvent = (id: string, programID: string, kw: unknown, from: number) => ({
  id,
  objectType: "EVENT",
  programID,
  eventName: `Evening constraint ${id}`,
  payloadDescriptors: [{ objectType: "EVENT_PAYLOAD_DESCRIPTOR", payloadType: "IMPORT_CAPACITY_LIMIT", units: "KW" }],
  intervalPeriod: { start: iso(from), duration: "PT1H" },
  intervals: [{ id: 0, payloads: [{ type: "IMPORT_CAPACITY_LIMIT", values: [kw] }] }],
});

/**
 * The product as an OpenADR 3.0.1 VEN against a VTN built from the published specification in the test (its every
 * answer checked against the specification's schemas): the site's import capacity limit taken and obeyed, the
 * channel heard, and a VTN that refuses, answers nonsense or is gone kept as such, changing nothing.
 */
describe("the network's limits over OpenADR 3.0", () => {
  let runtime: Runtime;
  let owner: SessionUser;
  let depotId = 0;
  let vtn: Awaited<ReturnType<typeof startTestVtn>>;

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase("sqlite"));
    owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "ven@fleet.example", password: "ven-password" }),
    );
    depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "VEN Yard" });
    // Ten vans: a 260 kVA connection at power factor 0.95, the building at 20 kW.
    await insertDepotPlanInputs(runtime, depotId, defaultPlanInput({ vehicles: 10, chargers: [] }));
    vtn = await startTestVtn("vtn-token");
    vtn.state.programs = [program("p-1", "SITE-LIMITS"), program("p-2", "OTHER")];
  });
  afterAll(async () => {
    await vtn?.stop();
    await runtime?.database.destroy();
  });

  const limitNow = async () => siteLimitKw(await depotSite(runtime, depotId), Date.now());

  it("takes the site's import capacity limit from its program's events, and the channel is heard", async () => {
    await saveLink(runtime, owner, depotId, { vtnUrl: vtn.url, token: "vtn-token", programName: "SITE-LIMITS" });
    const now = Date.now();
    vtn.state.events = [limitEvent("e-1", "p-1", 95, now - MINUTE), limitEvent("e-2", "p-2", 5, now - MINUTE)];
    const taken = await pollVtn(runtime, depotId, 0.95);
    expect(taken).toMatchObject({ instructions: 1, skipped: [] });
    expect(vtn.state.calls.at(-1)).toBe("GET /events?programID=p-1");
    // 95 kW at power factor 0.95 is 100 kVA: the chargers get that less the building's 20 kW.
    expect(await limitNow()).toBeCloseTo(95 - 20, 9);
    const state = await networkState(runtime, depotId, Date.now());
    expect(state.heardAt).toBeGreaterThanOrEqual(now);
    expect(state.instructions.map((i) => [i.source, i.limitKva, i.reason])).toEqual([
      ["openadr", expect.closeTo(100, 9), "OpenADR: Evening constraint e-1"],
    ]);
    expect((await linkView(runtime, depotId))?.lastError).toBeNull();
  });

  it("keeps what the VTN said when it refuses the token, answers what OpenADR does not allow, or is gone, and says why", async () => {
    const heard = (await networkState(runtime, depotId, Date.now())).heardAt;
    await saveLink(runtime, owner, depotId, { vtnUrl: vtn.url, token: "wrong-token", programName: "SITE-LIMITS" });
    await expect(pollVtn(runtime, depotId, 0.95)).rejects.toThrow("the VTN answered 403 for its programs");
    await saveLink(runtime, owner, depotId, { vtnUrl: vtn.url, token: "vtn-token", programName: "SITE-LIMITS" });
    vtn.state.raw = JSON.stringify([{ id: "e-9", programID: "p-1", intervals: "soon" }]);
    await expect(pollVtn(runtime, depotId, 0.95)).rejects.toThrow("the VTN's events do not fit OpenADR 3.0.1");
    expect((await linkView(runtime, depotId))?.lastError).toContain("do not fit OpenADR 3.0.1");
    vtn.state.raw = null;
    // A limit that is no power is left, and said so; the rest is taken.
    vtn.state.events = [
      limitEvent("e-3", "p-1", "lots", Date.now() - MINUTE),
      limitEvent("e-4", "p-1", 57, Date.now()),
    ];
    expect(await pollVtn(runtime, depotId, 0.95)).toMatchObject({
      instructions: 1,
      skipped: ["Evening constraint e-3, interval 0: the limit is not a power of 0 or more"],
    });
    expect(await limitNow()).toBeCloseTo(57 - 20, 6);
    await vtn.stop();
    await expect(pollVtn(runtime, depotId, 0.95)).rejects.toThrow();
    expect(await limitNow()).toBeCloseTo(57 - 20, 6);
    expect((await networkState(runtime, depotId, Date.now())).heardAt).toBeGreaterThanOrEqual(heard!);
  });

  it("asks a VTN that issues its own tokens for one with the client's ID and secret, keeps it, and says when refused", async () => {
    const oauthVtn = await startTestVtn("never-given", { id: "ven-client", secret: "ven-secret" });
    try {
      oauthVtn.state.programs = [program("p-1", "SITE-LIMITS")];
      oauthVtn.state.events = [limitEvent("o-1", "p-1", 76, Date.now() - MINUTE)];
      const link = { vtnUrl: oauthVtn.url, programName: "SITE-LIMITS", clientId: "ven-client" };
      await saveLink(runtime, owner, depotId, { ...link, clientSecret: "wrong-secret" });
      await expect(pollVtn(runtime, depotId, 0.95)).rejects.toThrow(
        "the VTN answered 403 for a token (check the client ID and secret)",
      );
      await saveLink(runtime, owner, depotId, { ...link, clientSecret: "ven-secret" });
      expect(await pollVtn(runtime, depotId, 0.95)).toMatchObject({ instructions: 1, skipped: [] });
      expect(await pollVtn(runtime, depotId, 0.95)).toMatchObject({ instructions: 1 });
      // One token asked for, and used for both polls.
      expect(oauthVtn.state.issued).toEqual(["issued-1"]);
      expect(oauthVtn.state.calls.filter((c) => c === "POST /auth/token")).toHaveLength(2);
      expect(await limitNow()).toBeCloseTo(76 - 20, 6);
    } finally {
      await oauthVtn.stop();
    }
  });

  it("refuses a link with neither a token nor client credentials, or with both, naming the field", () => {
    const base = { vtnUrl: "https://vtn.example", programName: "P" };
    const fieldOf = (input: object) =>
      linkSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(fieldOf(base)).toEqual([
      ["token", "Give the token the network operator issued, or its client ID and secret"],
    ]);
    expect(fieldOf({ ...base, token: "t", clientId: "c" })).toEqual([
      ["token", "Give a token or a client ID and secret, not both"],
    ]);
    expect(fieldOf({ ...base, clientId: "c" })).toEqual([["clientSecret", "Give the client secret with its ID"]]);
    expect(fieldOf({ ...base, clientSecret: "s" })).toEqual([["clientId", "Give the client ID with its secret"]]);
    expect(linkSchema.safeParse({ ...base, clientId: "c", clientSecret: "s" }).success).toBe(true);
  });
});
