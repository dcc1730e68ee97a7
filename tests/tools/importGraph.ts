/** A static look at what the project's modules import: for boundary and cycle tests. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

export type ImportEdge = {
  /** A project file relative to the root ("lib/engine/run.ts"), or the bare specifier of a package ("zod", "next/headers"). */
  target: string;
  /** Erased at run time: `import type`, or every name imported as `type`. */
  typeOnly: boolean;
  /** `import("…")`: loaded lazily, so it cannot form a cycle at load time. */
  dynamic: boolean;
};

const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*"([^"]+)"|^\s*import\s+"([^"]+)"/gms;
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g;

function moduleFile(base: string): string | null {
  const withoutExt = base.replace(/\.tsx?$/, "");
  for (const candidate of [base, `${withoutExt}.ts`, `${withoutExt}.tsx`, resolve(withoutExt, "index.ts"), resolve(withoutExt, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Only `{ type A, type B }` (or nothing but types) counts as type-only. */
function onlyTypeNames(clause: string): boolean {
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = braces[1]!.split(",").map((name) => name.trim()).filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith("type "));
}

function resolveSpecifier(from: string, specifier: string): string {
  const base = specifier.startsWith("@/") ? resolve(root, specifier.slice(2)) : specifier.startsWith(".") ? resolve(dirname(from), specifier) : null;
  if (base === null) return specifier;
  const file = moduleFile(base);
  if (!file) throw new Error(`${relative(root, from)}: cannot resolve "${specifier}"`);
  return relative(root, file);
}

/** The imports of one project file. */
export function importsOf(file: string): ImportEdge[] {
  const absolute = resolve(root, file);
  const text = readFileSync(absolute, "utf8");
  const edges: ImportEdge[] = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const specifier = match[4] ?? match[5]!;
    const typeOnly = Boolean(match[2]) || (match[3] !== undefined && onlyTypeNames(match[3].trim()));
    edges.push({ target: resolveSpecifier(absolute, specifier), typeOnly, dynamic: false });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) edges.push({ target: resolveSpecifier(absolute, match[1]!), typeOnly: false, dynamic: true });
  return edges;
}

function isProjectFile(target: string): boolean {
  return /\.tsx?$/.test(target) && !target.startsWith("node_modules/");
}

/** Every module `file` imports, transitively (project files only), with their imports. */
function importGraph(file: string, seen = new Map<string, ImportEdge[]>()): Map<string, ImportEdge[]> {
  if (seen.has(file)) return seen;
  const edges = importsOf(file);
  seen.set(file, edges);
  for (const edge of edges) if (isProjectFile(edge.target)) importGraph(edge.target, seen);
  return seen;
}

/** The packages (and node: modules) reachable from a project file, e.g. "lib/tools/catalog.ts". */
export function externalImports(file: string): Set<string> {
  const graph = importGraph(file);
  return new Set([...graph.values()].flat().map((edge) => edge.target).filter((target) => !isProjectFile(target)));
}

/** Every .ts/.tsx file under the given folders of the project (generated code left out). */
export function projectFiles(folders: string[], skip: RegExp = /\/generated\//): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(resolve(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !skip.test(path)) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files;
}

/** Groups of modules that import each other at load time (strongly connected components larger than one). */
export function loadTimeCycles(files: string[]): string[][] {
  const edges = new Map(files.map((file) => [file, importsOf(file).filter((edge) => !edge.typeOnly && !edge.dynamic && isProjectFile(edge.target)).map((edge) => edge.target)]));
  // Tarjan's algorithm.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        if (!edges.has(next)) edges.set(next, importsOf(next).filter((edge) => !edge.typeOnly && !edge.dynamic && isProjectFile(edge.target)).map((edge) => edge.target));
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
