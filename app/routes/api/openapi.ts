import { fleetApiDocument } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

/** The fleet API's OpenAPI document (public: it describes the API, it opens nothing). */
export function loader() {
  return Response.json(fleetApiDocument(getRuntime().env.APP_URL), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
