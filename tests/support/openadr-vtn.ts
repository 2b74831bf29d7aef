import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import Ajv from "ajv";
import { parse } from "yaml";

import { freePort } from "./free-port";

/**
 * A VTN for the tests, built from the published OpenADR 3.0.1 specification and not from the product's client: it
 * serves programs and events as plain objects, checks every answer against the specification's own schemas (the
 * YAML, read with `yaml`, checked with Ajv) before sending it, and asks for its bearer token. What the test sets is
 * what it serves; `answerRaw` serves something the specification does not allow, to see the product refuse it. The
 * reports a VEN posts are checked against the specification's report schema and kept, or refused (400) with why.
 */
export async function startTestVtn(token: string, client?: { id: string; secret: string; expiresIn?: number }) {
  const spec = parse(
    readFileSync(path.resolve(import.meta.dirname, "../../app/features/connections/openadr/openadr3.yaml"), "utf8"),
  ) as { components: Record<string, unknown> };
  // The formats the specification names: numbers' widths are JSON numbers here; times and addresses are checked.
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    formats: {
      int32: { type: "number", validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 },
      float: { type: "number", validate: (n: number) => Number.isFinite(n) },
      "date-time": (text: string) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
      uri: (text: string) => URL.canParse(text),
    },
  });
  ajv.addSchema({ $id: "openadr3.json", components: spec.components });
  const check = (schema: string, body: unknown[]) => {
    const validate = ajv.getSchema(`openadr3.json#/components/schemas/${schema}`)!;
    for (const item of body)
      if (!validate(item))
        throw new Error(`the test VTN's ${schema} breaks OpenADR 3.0.1: ${ajv.errorsText(validate.errors)}`);
  };
  const state = {
    programs: [] as unknown[],
    events: [] as unknown[],
    raw: null as string | null,
    calls: [] as string[],
    reports: [] as Record<string, unknown>[],
    refusedReports: [] as string[],
    /** The tokens issued for the client's credentials, each taken as the bearer token from then on. */
    issued: [] as string[],
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://vtn");
    state.calls.push(`${request.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (url.pathname === "/auth/token" && request.method === "POST" && client) {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
        const validate = ajv.getSchema("openadr3.json#/components/schemas/clientCredentialRequest")!;
        if (!validate(form))
          return send(400, { error: "invalid_request", error_description: ajv.errorsText(validate.errors) });
        if (form.client_id !== client.id || form.client_secret !== client.secret)
          return send(403, { type: "about:blank", title: "Forbidden", status: 403 });
        const issued = `issued-${state.issued.length + 1}`;
        state.issued.push(issued);
        const answer = { access_token: issued, token_type: "Bearer", expires_in: client.expiresIn ?? 3600 };
        check("clientCredentialResponse", [answer]);
        send(200, answer);
      });
      return;
    }
    const bearer = request.headers.authorization;
    if (bearer !== `Bearer ${token}` && !state.issued.some((t) => bearer === `Bearer ${t}`))
      return send(403, { type: "about:blank", title: "Forbidden", status: 403 });
    if (url.pathname === "/reports" && request.method === "POST") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        try {
          const report = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
          check("report", [report]);
          const stored = { ...report, id: `r-${state.reports.length + 1}` };
          state.reports.push(stored);
          send(201, stored);
        } catch (error) {
          state.refusedReports.push(error instanceof Error ? error.message : String(error));
          send(400, { type: "about:blank", title: "Bad Request", status: 400 });
        }
      });
      return;
    }
    if (url.pathname === "/programs") {
      check("program", state.programs);
      return send(200, state.programs);
    }
    if (url.pathname === "/events") {
      if (state.raw !== null) return send(200, state.raw);
      const programID = url.searchParams.get("programID");
      const events = state.events.filter((e) => !programID || (e as { programID: string }).programID === programID);
      check("event", events);
      return send(200, events);
    }
    send(404, { type: "about:blank", title: "Not Found", status: 404 });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
