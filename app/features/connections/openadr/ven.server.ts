/**
 * The product as an OpenADR 3.0 VEN (issue 60, item 4): each linked depot's VTN is polled for its program's events,
 * through openapi-fetch with the types generated from the published specification (openadr3.d.ts), with the
 * operator's token or a token for its client credentials (vtn-auth.server.ts). Each answer is
 * checked (limits-from-events.ts) and its import capacity limits replace what the VTN said before; a poll that
 * succeeds is the network heard. A VTN that does not answer, or answers nonsense, is not heard: after five minutes a
 * flexible connection is held to its firm part (fail safe), and the link says why.
 */
import pLimit from "p-limit";
import { z } from "zod";

import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { replaceNetworkInstructions } from "../instructions.server";
import { eventsSchema, limitsFromEvents } from "./limits-from-events";
import type { components } from "./openadr3";
import { vtnClient } from "./vtn-auth.server";

type Deps = Pick<Runtime, "database" | "log">;
/** How often every link is polled: well inside the five minutes the channel holds once heard. */
export const POLL_MS = 30_000;

export const linkSchema = z
  .object({
    vtnUrl: z
      .url({ protocol: /^https?$/, error: "Give the VTN's address, starting http:// or https://" })
      .max(300, "The address is at most 300 characters"),
    token: z.string().trim().max(2000, "The token is too long").default(""),
    clientId: z.string().trim().max(200, "The client ID is at most 200 characters").default(""),
    clientSecret: z.string().trim().max(2000, "The client secret is too long").default(""),
    programName: z
      .string()
      .trim()
      .min(1, "Give the program's name")
      .max(100, "The program's name is at most 100 characters"),
  })
  .superRefine((link, ctx) => {
    // The operator's token, or its client ID and secret (OAuth 2.0 client credentials): one of the two, whole.
    if (link.token && (link.clientId || link.clientSecret))
      ctx.addIssue({ code: "custom", path: ["token"], message: "Give a token or a client ID and secret, not both" });
    else if (!link.token && !link.clientId && !link.clientSecret)
      ctx.addIssue({
        code: "custom",
        path: ["token"],
        message: "Give the token the network operator issued, or its client ID and secret",
      });
    else if (!link.token && !link.clientId)
      ctx.addIssue({ code: "custom", path: ["clientId"], message: "Give the client ID with its secret" });
    else if (!link.token && !link.clientSecret)
      ctx.addIssue({ code: "custom", path: ["clientSecret"], message: "Give the client secret with its ID" });
  });
/** A link as its callers give it (the token, or the client ID and secret, left out where not used). */
export type LinkInput = z.input<typeof linkSchema>;
export type LinkView = {
  vtnUrl: string;
  programName: string;
  lastPolledAt: string | null;
  lastOkAt: string | null;
  lastError: string | null;
};

export async function linkView(deps: Pick<Runtime, "database">, depotId: number): Promise<LinkView | null> {
  const row = await deps.database.db
    .selectFrom("openadr_links")
    .selectAll()
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  if (!row) return null;
  const at = (value: Date | string | null) => (value === null ? null : toIsoString(value));
  return {
    vtnUrl: row.vtn_url,
    programName: row.program_name,
    lastPolledAt: at(row.last_polled_at),
    lastOkAt: at(row.last_ok_at),
    lastError: row.last_error,
  };
}

export async function saveLink(deps: Deps, viewer: DepotViewer, depotId: number, input: LinkInput) {
  await requireDepot(deps.database.db, viewer, depotId, "operations.change", { detail: "OpenADR link saved" });
  const values = {
    vtn_url: input.vtnUrl.replace(/\/+$/, ""),
    token: input.token ?? "",
    client_id: input.clientId || null,
    client_secret: input.clientSecret || null,
    program_name: input.programName,
    last_error: null,
    created_by: viewer.email ?? viewer.id,
    updated_at: new Date().toISOString(),
  };
  await deps.database.db
    .insertInto("openadr_links")
    .values({ depot_id: depotId, ...values })
    .onConflict((oc) => oc.column("depot_id").doUpdateSet(values))
    .execute();
}

export async function removeLink(deps: Deps, viewer: DepotViewer, depotId: number) {
  await requireDepot(deps.database.db, viewer, depotId, "operations.change", { detail: "OpenADR link removed" });
  const done = await deps.database.db.deleteFrom("openadr_links").where("depot_id", "=", depotId).executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) throw new UserError("The depot has no OpenADR link.", { status: 404 });
}

/** One poll of one depot's VTN; answers the instructions taken, or throws with what went wrong (kept on the link). */
export async function pollVtn(deps: Deps, depotId: number, powerFactor: number, now = Date.now()) {
  const link = await deps.database.db
    .selectFrom("openadr_links")
    .selectAll()
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  if (!link) return null;
  const stamp = { last_polled_at: new Date(now).toISOString() };
  try {
    const client = await vtnClient(link, now);
    const programs = await client.GET("/programs", {});
    if (!programs.response.ok) throw new Error(`the VTN answered ${programs.response.status} for its programs`);
    const program = z
      .array(z.object({ id: z.string().optional(), programName: z.string() }).passthrough())
      .parse(programs.data)
      .find((p) => p.programName === link.program_name);
    if (!program?.id) throw new Error(`the VTN has no program "${link.program_name}"`);
    const events = await client.GET("/events", { params: { query: { programID: program.id } } });
    if (!events.response.ok) throw new Error(`the VTN answered ${events.response.status} for its events`);
    const parsed = eventsSchema.safeParse(events.data);
    if (!parsed.success)
      throw new Error(`the VTN's events do not fit OpenADR 3.0.1: ${parsed.error.issues[0]!.message}`);
    const { instructions, skipped } = limitsFromEvents(parsed.data, { programID: program.id, powerFactor, now });
    await replaceNetworkInstructions(deps, depotId, "openadr", instructions, `OpenADR ${link.vtn_url}`);
    await deps.database.db
      .updateTable("openadr_links")
      .set({
        ...stamp,
        last_ok_at: stamp.last_polled_at,
        last_error: skipped.length ? `Left: ${skipped.slice(0, 3).join("; ")}` : null,
      })
      .where("depot_id", "=", depotId)
      .execute();
    return {
      instructions: instructions.length,
      skipped,
      events: parsed.data,
      programID: program.id,
      vtn: link.vtn_url,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.database.db
      .updateTable("openadr_links")
      .set({ ...stamp, last_error: message.slice(0, 300) })
      .where("depot_id", "=", depotId)
      .execute();
    throw new Error(message, { cause: error });
  }
}

export type Polled = NonNullable<Awaited<ReturnType<typeof pollVtn>>>;

/** Events another room left after a poll (a flexibility request it could not take), said on the link beside the poll's. */
export async function noteLeftEvents(deps: Pick<Runtime, "database">, depotId: number, left: string[]) {
  if (left.length === 0) return;
  const link = await deps.database.db
    .selectFrom("openadr_links")
    .select("last_error")
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  if (!link) return;
  const before = link.last_error?.startsWith("Left: ") ? `${link.last_error.slice(6)}; ` : "";
  await deps.database.db
    .updateTable("openadr_links")
    .set({ last_error: `Left: ${before}${left.slice(0, 3).join("; ")}`.slice(0, 300) })
    .where("depot_id", "=", depotId)
    .execute();
}
/**
 * A report as the product sends it: the specification's report with the fields it leaves to their defaults left out
 * (the generated type counts every defaulted field as required); the test VTN checks each against the schema itself.
 */
export type VtnReport = Pick<components["schemas"]["report"], "programID" | "eventID" | "clientName"> & {
  objectType: "REPORT";
  reportName: string;
  payloadDescriptors: { objectType: "REPORT_PAYLOAD_DESCRIPTOR"; payloadType: string; units: string }[];
  resources: {
    resourceName: string;
    intervals: {
      id: number;
      intervalPeriod: { start: string; duration: string };
      payloads: { type: string; values: number[] }[];
    }[];
  }[];
};

/** A report sent to the depot's VTN (a flexibility request's offer or delivery); throws with what went wrong. */
export async function postVtnReport(deps: Deps, depotId: number, report: VtnReport) {
  const link = await deps.database.db
    .selectFrom("openadr_links")
    .selectAll()
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  if (!link) throw new Error("the depot has no VTN linked");
  const client = await vtnClient(link);
  const sent = await client.POST("/reports", { body: report as unknown as components["schemas"]["report"] });
  if (!sent.response.ok) throw new Error(`the VTN answered ${sent.response.status} for a report`);
}

/**
 * Polls every linked depot's VTN every POLL_MS, four at a time, in this process; `afterPoll` is given what each poll
 * read (the flexibility room takes its requests from it). Returns the stop.
 */
export function startOpenAdrPolling(
  deps: Deps,
  powerFactorOf: (depotId: number) => Promise<number>,
  everyMs = POLL_MS,
  afterPoll: (depotId: number, polled: Polled) => Promise<unknown> = async () => undefined,
) {
  let running = false;
  const limit = pLimit(4);
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void deps.database.db
      .selectFrom("openadr_links")
      .select("depot_id")
      .execute()
      .then((links) =>
        Promise.all(
          links.map(({ depot_id: depotId }) =>
            limit(async () => {
              const polled = await pollVtn(deps, depotId, await powerFactorOf(depotId));
              if (polled) await afterPoll(depotId, polled);
            }).catch((error: unknown) => deps.log.warn({ err: error, depotId }, "the network's VTN could not be read")),
          ),
        ),
      )
      .catch((error: unknown) => deps.log.error({ err: error }, "OpenADR polling failed"))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
