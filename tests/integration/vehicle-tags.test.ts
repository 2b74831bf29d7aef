import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag, listVehicleTags, removeVehicleTag } from "~/features/vehicles/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof UserError)) throw error;
      return { message: error.message, status: error.status, fields: error.fieldErrors ?? {} };
    },
  );

describe("vehicle tags", () => {
  let runtime: Runtime;
  let depotId = 0;
  const owner: SessionUser = { id: "", email: "tags@fleet.example", isAdmin: false };
  const stranger: SessionUser = { id: "", email: "other@fleet.example", isAdmin: false };

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase("sqlite"));
    Object.assign(
      owner,
      await viewerOf(runtime, await createUser(runtime, { email: owner.email, password: "owner-password" })),
    );
    Object.assign(
      stranger,
      await viewerOf(runtime, await createUser(runtime, { email: stranger.email, password: "other-password" })),
    );
    depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "Tag Yard" });
    await insertDepotPlanInputs(runtime, depotId, defaultPlanInput({ vehicles: 4, chargers: [] }));
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("names a tag's vehicle and group, refuses what it cannot keep with a message, and changes nothing then", async () => {
    const added = await addVehicleTag(runtime, owner, depotId, {
      tag: " 04A1B2C3 ",
      vehicle: "AB12 CDE",
      groupId: "g1",
    });
    expect(added).toMatchObject({ tag: "04A1B2C3", vehicle: "AB12 CDE", groupId: "g1" });
    // The same tag in other case is the same tag.
    expect(await refusal(addVehicleTag(runtime, owner, depotId, { tag: "04a1b2c3", vehicle: "XY99 ZZZ" }))).toEqual({
      message: "This tag is already AB12 CDE's",
      status: 409,
      fields: { tag: "This tag is already AB12 CDE's" },
    });
    expect(
      (await refusal(addVehicleTag(runtime, owner, depotId, { tag: "T-2", vehicle: "V", groupId: "nope" })))?.fields,
    ).toEqual({ groupId: "Choose one of the plan's vehicle groups" });
    expect(
      (await refusal(addVehicleTag(runtime, owner, depotId, { tag: "has space", vehicle: "V" })))?.fields.tag,
    ).toBe("A tag is letters, digits and signs, without spaces");
    expect(
      (await refusal(addVehicleTag(runtime, owner, depotId, { tag: "x".repeat(37), vehicle: "V" })))?.fields.tag,
    ).toBe("A tag has at most 36 characters");
    // Another haulier's depot is not there for them.
    expect((await refusal(addVehicleTag(runtime, stranger, depotId, { tag: "T-3", vehicle: "V" })))?.status).toBe(404);
    expect((await refusal(removeVehicleTag(runtime, stranger, depotId, added.id)))?.status).toBe(404);
    expect(await listVehicleTags(runtime, depotId)).toEqual([added]);

    await removeVehicleTag(runtime, owner, depotId, added.id);
    expect(await listVehicleTags(runtime, depotId)).toEqual([]);
    expect((await refusal(removeVehicleTag(runtime, owner, depotId, added.id)))?.status).toBe(404);
    const audit = await runtime.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "like", "vehicle_tag.%")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["vehicle_tag.added", "vehicle_tag.removed"]);
  });
});
