/** A static look at what a module pulls in, to keep client-safe modules free of server code. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

function moduleFile(base: string): string {
  return existsSync(`${base}.ts`) ? `${base}.ts` : resolve(base, "index.ts");
}

/** Every module `file` imports, transitively (project files only), with their bare imports. */
function importGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const specifiers = [...readFileSync(file, "utf8").matchAll(/^(?:import|export)[^;]*?from "([^"]+)"/gms)].map((m) => m[1]!);
  seen.set(file, specifiers);
  for (const specifier of specifiers) {
    if (specifier.startsWith("@/")) importGraph(moduleFile(resolve(root, specifier.slice(2))), seen);
    else if (specifier.startsWith(".")) importGraph(moduleFile(resolve(dirname(file), specifier)), seen);
  }
  return seen;
}

/** The packages (and node: modules) reachable from a project file, e.g. "lib/tools/catalog.ts". */
export function externalImports(file: string): Set<string> {
  const graph = importGraph(resolve(root, file));
  return new Set([...graph.values()].flat().filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("@/")));
}
