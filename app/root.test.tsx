import { renderToStaticMarkup } from "react-dom/server";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";

import { ErrorBoundary } from "./root";

type Props = Parameters<typeof ErrorBoundary>[0];

function render(error: unknown): string {
  return renderToStaticMarkup(<ErrorBoundary {...({ error, params: {} } as unknown as Props)} />);
}

describe("the router's error fallback", () => {
  it("names the status of an error response", () => {
    const html = render(new ErrorResponse(503, "Service Unavailable", null));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("503 Service Unavailable");
    expect(html).toContain('href="/"');
  });

  it("shows the error text of a thrown error", () => {
    const html = render(new Error("The database is locked"));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("The database is locked");
  });
});
