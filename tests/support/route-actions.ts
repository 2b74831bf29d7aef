import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "../..");

/** A route with an action, as the production build serves it: its URL pattern and its module's source file. */
export type ActionRoute = { pattern: string; file: string; intents: string[] };

/**
 * Every route of the production build whose module has an action (the build is what the server runs, so a route
 * added anywhere is found), with the intents its action handles (read from its source: see `intentsOf`).
 */
export async function actionRoutes(): Promise<ActionRoute[]> {
  const dir = path.join(root, "build/server/assets");
  const file = existsSync(dir) ? readdirSync(dir).find((name) => name.startsWith("server-build-")) : undefined;
  if (!file) throw new Error("No production build: run `npm run build` first.");
  type Built = { path?: string; parentId?: string; module: { action?: unknown } };
  const { routes } = (await import(path.join(dir, file))) as { routes: Record<string, Built> };
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const sourceOf = (id: string) =>
    [".tsx", ".ts"].map((ext) => path.join(root, "app", `${id}${ext}`)).find((f) => existsSync(f));
  return Object.entries(routes)
    .filter(([, route]) => typeof route.module.action === "function")
    .map(([id]) => {
      // A route registered under its own id (two URLs, one module) names its module by the file it comes from.
      const source = sourceOf(id) ?? sourceOf(id.replace(/-[a-z]+$/, "")) ?? "";
      return { pattern: fullPath(id), file: source, intents: source ? intentsOf(source) : [] };
    });
}

/**
 * The intents a route's action handles: the keys of the handlers it gives `handleIntent` (an object literal in the
 * call, or a variable of the module holding one). An action that does not use handleIntent has none.
 */
export function intentsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const objects = new Map<string, ts.ObjectLiteralExpression>();
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = ts.isSatisfiesExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isObjectLiteralExpression(init)) objects.set(node.name.text, init);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "handleIntent")
      calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const keys = new Set<string>();
  for (const call of calls) {
    const handlers = call.arguments[2];
    const literal =
      handlers && ts.isObjectLiteralExpression(handlers)
        ? handlers
        : handlers && ts.isIdentifier(handlers)
          ? objects.get(handlers.text)
          : undefined;
    if (!literal)
      throw new Error(`${file}: handleIntent's handlers are neither an object literal nor a variable of one`);
    for (const property of literal.properties) {
      const name = property.name;
      if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) keys.add(name.text);
      else if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) {
        const spread = objects.get(property.expression.text);
        for (const inner of spread?.properties ?? [])
          if (inner.name && (ts.isIdentifier(inner.name) || ts.isStringLiteral(inner.name))) keys.add(inner.name.text);
      }
    }
  }
  return [...keys].sort();
}
