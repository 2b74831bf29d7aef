import { describe, expect, it } from "vitest";

import { signInPathFor } from "./guards.server";

const signInFrom = (url: string, cookie?: string) =>
  signInPathFor(new Request(url, { headers: cookie ? { cookie } : {} }));

describe("signInPathFor", () => {
  it("returns to the page asked for, with its query", () => {
    expect(signInFrom("http://localhost/electrify/depot-details?id=4")).toBe(
      "/auth?redirectTo=%2Felectrify%2Fdepot-details%3Fid%3D4",
    );
  });

  it("returns to the page, not to the data request a client-side submission made", () => {
    expect(signInFrom("http://localhost/electrify/company-setup.data")).toBe(
      "/auth?redirectTo=%2Felectrify%2Fcompany-setup",
    );
    expect(signInFrom("http://localhost/admin.data?index&_routes=routes%2Fadmin%2Fadmin&q=x")).toBe(
      "/auth?redirectTo=%2Fadmin%3Fq%3Dx",
    );
    expect(signInFrom("http://localhost/_root.data")).toBe("/auth?redirectTo=%2F");
  });

  it("says the session expired when the request still carried a session cookie", () => {
    expect(signInFrom("http://localhost/depots", "electrify.session_token=abc")).toBe(
      "/auth?redirectTo=%2Fdepots&reason=expired",
    );
  });
});
