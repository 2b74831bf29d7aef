import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { companySchema } from "~/features/company";
import { getCompanyValues, saveCompany } from "~/features/company/index.server";
import { depotListSchema } from "~/features/depots";
import { deleteDepot, listUserDepots, saveDepotList, setDepotPosition } from "~/features/depots/index.server";
import { getDesign, saveDesign } from "~/features/designer/index.server";
import { createUser, saveProfile } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { insertDepot } from "../support/depots";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

describe.each(ENGINES)("company and depots on %s", (engine) => {
  let runtime: Runtime;
  let owner: SessionUser;
  let stranger: SessionUser;
  let surveyedId = 0;

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
    owner = await viewerOf(
      runtime,
      await createUser(runtime, {
        email: "owner@fleet.example",
        password: "owner-password",
        name: "Olive Owner",
      }),
    );
    stranger = await viewerOf(
      runtime,
      await createUser(runtime, { email: "stranger@fleet.example", password: "stranger-password" }),
    );
    surveyedId = await insertDepot(runtime, {
      user_id: owner.id,
      contact_name: "Olive",
      contact_email: "owner@fleet.example",
      contact_phone: "0117",
      depot_name: "Surveyed Yard",
      depot_address: "1 Survey Road",
      number_of_vehicles: 12,
      additional_notes: "from the survey",
      location_latitude: 51.5,
      location_longitude: -2.6,
      location_address: "Location at 51.5, -2.6",
      cable_run_obstacles: "a wall",
      status: "approved",
    });
    await runtime.database.db
      .insertInto("survey_photos")
      .values({
        depot_id: surveyedId,
        image_type: "electrical_panel",
        storage_key: "k.jpg",
        thumbnail_key: "t.jpg",
        content_type: "image/jpeg",
        width: 1,
        height: 1,
        bytes: 1,
      })
      .execute();
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("prefills the company from the profile and the account, then keeps what was saved", async () => {
    await saveProfile(runtime, owner.id, { name: "Olive Owner", organization: "Olive Logistics", phone: "0117 000" });
    expect(await getCompanyValues(runtime, owner)).toEqual({
      saved: false,
      values: {
        companyName: "Olive Logistics",
        contactName: "Olive Owner",
        contactEmail: "owner@fleet.example",
        contactPhone: "0117 000",
        chargingStrategy: "",
      },
    });
    const input = companySchema.parse({
      companyName: " Olive Ltd ",
      contactName: "Olive",
      contactEmail: "ops@olive.example",
      contactPhone: "+44 117 496 0000",
      chargingStrategy: "Overnight",
    });
    await saveCompany(runtime, owner, input);
    await saveCompany(runtime, owner, { ...input, chargingStrategy: "Overnight, then lunchtime top-ups" });
    expect((await getCompanyValues(runtime, owner)).values).toMatchObject({
      companyName: "Olive Ltd",
      chargingStrategy: "Overnight, then lunchtime top-ups",
    });
  });

  it("validates the company and the depot list on the server", () => {
    const bad = companySchema.safeParse({
      companyName: "",
      contactName: " ",
      contactEmail: "nope",
      contactPhone: "call me",
      chargingStrategy: "",
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      "Company name is required",
      "Contact name is required",
      "Enter a valid email address",
      "Enter a phone number (digits, spaces, + ( ) -)",
    ]);
    expect(depotListSchema.safeParse([]).error!.issues[0]!.message).toBe("You must have at least one depot");
    expect(depotListSchema.safeParse([{ name: "A", address: "", notes: "" }]).error!.issues[0]!.message).toBe(
      "All depots must have a name and address",
    );
    expect(
      depotListSchema.safeParse([
        { id: 3, name: "A", address: "B", notes: "" },
        { id: 3, name: "A", address: "B", notes: "" },
      ]).success,
    ).toBe(false);
  });

  it("creates new depots and renames existing ones without touching their survey data", async () => {
    const result = await saveDepotList(runtime, owner, [
      { id: surveyedId, name: "Renamed Yard", address: "2 New Road", notes: "company notes" },
      { name: "Second Yard", address: "3 Other Road", notes: null },
    ]);
    expect(result).toEqual({ created: 1, updated: 1, placed: 0 });
    const surveyed = await runtime.database.db
      .selectFrom("depots")
      .selectAll()
      .where("id", "=", surveyedId)
      .executeTakeFirstOrThrow();
    expect(surveyed).toMatchObject({
      depot_name: "Renamed Yard",
      depot_address: "2 New Road",
      additional_notes: "company notes",
      number_of_vehicles: 12,
      cable_run_obstacles: "a wall",
      location_latitude: 51.5,
      status: "approved",
      contact_email: "owner@fleet.example",
    });
    const depots = await listUserDepots(runtime, owner);
    expect(depots.map((d) => [d.name, d.photos, d.status])).toEqual([
      ["Renamed Yard", 1, "approved"],
      ["Second Yard", 0, "pending"],
    ]);
    // A new depot gets the company's contact details.
    const second = await runtime.database.db
      .selectFrom("depots")
      .selectAll()
      .where("depot_name", "=", "Second Yard")
      .executeTakeFirstOrThrow();
    expect(second).toMatchObject({
      contact_email: "ops@olive.example",
      contact_phone: "+44 117 496 0000",
      status: "pending",
    });
  });

  it("refuses another user's depot anywhere, changing nothing", async () => {
    await expect(
      saveDepotList(runtime, stranger, [{ id: surveyedId, name: "Hijacked", address: "x", notes: null }]),
    ).rejects.toThrow("no longer exists");
    await expect(deleteDepot(runtime, stranger, surveyedId)).rejects.toThrow("That depot no longer exists.");
    await expect(setDepotPosition(runtime, stranger, surveyedId, { latitude: 1, longitude: 1 })).rejects.toThrow(
      "That depot no longer exists.",
    );
    const surveyed = await runtime.database.db
      .selectFrom("depots")
      .select(["depot_name", "location_latitude"])
      .where("id", "=", surveyedId)
      .executeTakeFirstOrThrow();
    expect(surveyed).toEqual({ depot_name: "Renamed Yard", location_latitude: 51.5 });
    expect(await listUserDepots(runtime, stranger)).toEqual([]);
  });

  it("removes a depot only without survey photos, and never the last one", async () => {
    await expect(deleteDepot(runtime, owner, surveyedId)).rejects.toThrow(
      "Renamed Yard has survey photos, so it cannot be removed here.",
    );
    const second = (await listUserDepots(runtime, owner)).find((d) => d.name === "Second Yard")!;
    expect(await setDepotPosition(runtime, owner, second.id, { latitude: 52.1, longitude: -1.2 })).toBe(true);
    expect(await deleteDepot(runtime, owner, second.id)).toEqual({ name: "Second Yard" });
    expect((await listUserDepots(runtime, owner)).map((d) => d.name)).toEqual(["Renamed Yard"]);
    // A user's only depot stays, photos or not.
    await saveDepotList(runtime, stranger, [{ name: "Only Yard", address: "9 Lone Road", notes: null }]);
    const [only] = await listUserDepots(runtime, stranger);
    await expect(deleteDepot(runtime, stranger, only!.id)).rejects.toThrow("You must have at least one depot");
  });

  it("saves a depot's design for its owner only, checking every component", async () => {
    expect(await getDesign(runtime, owner, surveyedId)).toEqual([]);
    const design = [
      { uid: "c1", componentId: "rapidcharger", x: 10, y: 5 },
      { uid: "c2", componentId: "transformer", x: 40, y: 20 },
    ];
    expect(await saveDesign(runtime, owner, surveyedId, design)).toEqual({ count: 2 });
    expect(await saveDesign(runtime, owner, surveyedId, design.slice(0, 1))).toEqual({ count: 1 });
    expect(await getDesign(runtime, owner, surveyedId)).toEqual(design.slice(0, 1));
    await expect(saveDesign(runtime, stranger, surveyedId, design)).rejects.toThrow("That depot no longer exists.");
    expect(await getDesign(runtime, stranger, surveyedId)).toBeNull();
    await expect(
      saveDesign(runtime, owner, surveyedId, [{ uid: "c1", componentId: "reactor", x: 1, y: 1 }]),
    ).rejects.toThrow("The design could not be saved");
    await expect(saveDesign(runtime, owner, surveyedId, "<script>")).rejects.toThrow("The design could not be saved");
    expect(await getDesign(runtime, owner, surveyedId)).toEqual(design.slice(0, 1));
  });
});
