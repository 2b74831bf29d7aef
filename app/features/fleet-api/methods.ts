/** A call with a method the address does not take: 405, naming the ones it does. */
export function methodNotAllowed(allow: string): Response {
  return new Response(JSON.stringify({ error: `This address takes ${allow} only` }), {
    status: 405,
    headers: { Allow: allow, "Content-Type": "application/json; charset=utf-8" },
  });
}
