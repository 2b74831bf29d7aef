/**
 * Firmware images (issue 59, item 3): a company's operators upload an image with the version it installs (and, for
 * 2.0.1 signed firmware, its signing certificate and signature); the file goes to the file store and is served to a
 * charger only at its update's one-time URL (firmware-updates.server.ts).
 */
import { createHash, randomBytes } from "node:crypto";

import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

type Deps = Pick<Runtime, "database" | "storage">;

const TEXT = /^[^\p{Cc}]{1,60}$/u;

/** The depot, when the policy lets the user change its operations, and its company's id. */
export async function operatedDepot(
  deps: Pick<Runtime, "database">,
  user: DepotViewer,
  depotId: number,
  detail: string,
) {
  const depot = await requireDepot(deps.database.db, user, depotId, "operations.change", { detail });
  return { id: depot.id, companyId: depot.companyId };
}

/** Keeps an uploaded image for the depot's company: the policy's operations.change on the depot. */
export async function addFirmwareImage(deps: Deps, user: DepotViewer, depotId: number, form: FormData) {
  const depot = await operatedDepot(deps, user, depotId, "uploaded a firmware image");
  const file = form.get("image");
  const version = String(form.get("version") ?? "").trim();
  const model = String(form.get("model") ?? "").trim();
  const certificate = String(form.get("signingCertificate") ?? "").trim();
  const signature = String(form.get("signature") ?? "").trim();
  const fieldErrors: Record<string, string> = {};
  if (!(file instanceof File) || file.size === 0) fieldErrors.image = "Choose the firmware file";
  if (!TEXT.test(version)) fieldErrors.version = "Say which version it installs (up to 60 characters)";
  if (model && !TEXT.test(model)) fieldErrors.model = "The model is up to 60 characters";
  if (certificate && !/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(certificate))
    fieldErrors.signingCertificate = "Paste the signing certificate as PEM (-----BEGIN CERTIFICATE-----…)";
  if (certificate.length > 10_000) fieldErrors.signingCertificate = "The certificate is too long";
  if (signature && (!/^[A-Za-z0-9+/=\s]+$/.test(signature) || signature.length > 2_000))
    fieldErrors.signature = "Paste the signature as base64 (up to 2,000 characters)";
  if (Boolean(certificate) !== Boolean(signature))
    fieldErrors[certificate ? "signature" : "signingCertificate"] =
      "Signed firmware takes both the certificate and the signature";
  if (Object.keys(fieldErrors).length > 0 || !(file instanceof File))
    throw new UserError("Check the firmware image's details", { fieldErrors });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const key = `firmware/${depot.companyId}/${randomBytes(12).toString("hex")}.bin`;
  await deps.storage.put(key, bytes);
  try {
    return await deps.database.db
      .insertInto("firmware_images")
      .values({
        company_id: depot.companyId,
        file_name: (file.name || "firmware.bin").replace(/[^\w.-]+/g, "_").slice(0, 120),
        file_key: key,
        bytes: bytes.byteLength,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        version,
        model: model || null,
        signing_certificate: certificate || null,
        signature: signature ? signature.replace(/\s+/g, "") : null,
        created_at: new Date().toISOString(),
      })
      .returning(["id", "version"])
      .executeTakeFirstOrThrow();
  } catch (error) {
    await deps.storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/** Removes an image no update is using now (its finished updates go with it). */
export async function removeFirmwareImage(deps: Deps, user: DepotViewer, depotId: number, imageId: unknown) {
  const depot = await operatedDepot(deps, user, depotId, "removed a firmware image");
  const image = await companyImage(deps, depot.companyId, imageId);
  const busy = await deps.database.db
    .selectFrom("firmware_updates")
    .select("id")
    .where("image_id", "=", image.id)
    .where("status", "not in", ["done", "failed", "skipped", "cancelled"])
    .executeTakeFirst();
  if (busy) throw new UserError("An update is installing this image: cancel it first", { status: 409 });
  await deps.database.db.deleteFrom("firmware_images").where("id", "=", image.id).execute();
  await deps.storage.remove(image.file_key);
  return image;
}

/** The company's image with that id, or a 404 exactly as for one that does not exist. */
export async function companyImage(deps: Pick<Runtime, "database">, companyId: number, imageId: unknown) {
  const id = Number(imageId);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new UserError("Choose one of the company's firmware images", {
      fieldErrors: { imageId: "Choose a firmware image" },
    });
  const image = Number.isSafeInteger(id)
    ? await deps.database.db
        .selectFrom("firmware_images")
        .selectAll()
        .where("id", "=", id)
        .where("company_id", "=", companyId)
        .executeTakeFirst()
    : undefined;
  if (!image)
    throw new UserError("Choose one of the company's firmware images", {
      status: 404,
      fieldErrors: { imageId: "Choose a firmware image" },
    });
  return image;
}

export async function companyImages(deps: Pick<Runtime, "database">, companyId: number) {
  return deps.database.db
    .selectFrom("firmware_images")
    .select(["id", "file_name", "bytes", "sha256", "version", "model", "signature", "created_at"])
    .where("company_id", "=", companyId)
    .orderBy("id", "desc")
    .execute();
}
