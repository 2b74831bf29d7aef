import type { Runtime } from "~/lib/runtime.server";
import type { FileStorage } from "~/lib/storage.server";
import { UserError } from "~/lib/user-error";

import { INVESTOR_DOCUMENTS, type InvestorDocumentListing, type InvestorDocumentSlug } from "./investor-documents";

export const MAX_INVESTOR_DOCUMENT_BYTES = 50 * 1024 * 1024;

type Deps = Pick<Runtime, "database"> & { storage: FileStorage };

/** Accepted formats, recognised by their first bytes, not by the file name. */
const FORMATS = [
  { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], extension: "pdf", contentType: "application/pdf" },
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    extension: "xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    names: /\.xlsx$/i,
  },
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    extension: "pptx",
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    names: /\.pptx$/i,
  },
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    extension: "docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    names: /\.docx$/i,
  },
] as const;

function detectFormat(data: Uint8Array, fileName: string) {
  return FORMATS.find(
    (format) =>
      format.magic.every((byte, index) => data[index] === byte) &&
      (!("names" in format) || format.names.test(fileName)),
  );
}

/** Stores or replaces one investor document; the previous file is removed only after the record points at the new one. */
export async function uploadInvestorDocument(
  deps: Deps,
  input: { slug: InvestorDocumentSlug; fileName: string; data: Uint8Array; uploadedBy?: string },
): Promise<InvestorDocumentListing> {
  const meta = INVESTOR_DOCUMENTS.find((document) => document.slug === input.slug);
  if (!meta) throw new UserError(`Unknown document: ${input.slug}`);
  if (input.data.byteLength === 0) throw new UserError("The file is empty");
  if (input.data.byteLength > MAX_INVESTOR_DOCUMENT_BYTES) {
    throw new UserError(`The file is larger than ${MAX_INVESTOR_DOCUMENT_BYTES / 1024 / 1024} MB`);
  }
  const format = detectFormat(input.data, input.fileName);
  if (!format) throw new UserError("Upload a PDF, or an Excel, PowerPoint or Word file (.xlsx, .pptx, .docx)");

  const fileName = `${meta.title.replaceAll(" ", "-")}.${format.extension}`;
  const storageKey = `investor-documents/${input.slug}-${crypto.randomUUID()}.${format.extension}`;
  await deps.storage.put(storageKey, input.data);

  const previous = await deps.database.db
    .selectFrom("investor_documents")
    .select("storage_key")
    .where("slug", "=", input.slug)
    .executeTakeFirst();
  const row = {
    file_name: fileName,
    content_type: format.contentType,
    bytes: input.data.byteLength,
    storage_key: storageKey,
    uploaded_at: new Date().toISOString(),
    uploaded_by: input.uploadedBy ?? null,
  };
  try {
    await deps.database.db
      .insertInto("investor_documents")
      .values({ slug: input.slug, ...row })
      .onConflict((oc) => oc.column("slug").doUpdateSet(row))
      .execute();
  } catch (error) {
    await deps.storage.remove(storageKey);
    throw error;
  }
  if (previous) await deps.storage.remove(previous.storage_key);
  return { slug: input.slug, title: meta.title, available: true, fileName, bytes: row.bytes };
}

export async function listInvestorDocuments(deps: Pick<Runtime, "database">): Promise<InvestorDocumentListing[]> {
  const rows = await deps.database.db.selectFrom("investor_documents").select(["slug", "file_name", "bytes"]).execute();
  return INVESTOR_DOCUMENTS.map((document) => {
    const row = rows.find((candidate) => candidate.slug === document.slug);
    return {
      slug: document.slug,
      title: document.title,
      available: Boolean(row),
      fileName: row?.file_name ?? null,
      bytes: row?.bytes ?? null,
    };
  });
}

export async function openInvestorDocument(deps: Deps, slug: InvestorDocumentSlug) {
  const row = await deps.database.db
    .selectFrom("investor_documents")
    .select(["file_name", "content_type", "storage_key"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) return null;
  const file = await deps.storage.read(row.storage_key);
  return file ? { ...file, fileName: row.file_name, contentType: row.content_type } : null;
}
