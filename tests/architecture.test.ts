// The project's shape (docs/architecture.md): no module cycles, and imports between the
// layers go one way. A failure names the file and the import that broke the rule.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, loadTimeCycles, projectFiles } from "./tools/importGraph";

type Rule = { name: string; from: RegExp; forbidden: RegExp };

/** The runtime libraries (and evaluations, built on them) know nothing of the web app, the database or the app's services. */
const RUNTIME = /^lib\/(engine|dsl|providers|tools|evals)\//;
const RULES: Rule[] = [
  { name: "engine, dsl, providers, tools and evals run outside Next.js, React and the database", from: RUNTIME, forbidden: /^(next|react|react-dom|@xyflow\/react)$|^(next|@prisma)\// },
  { name: "engine, dsl, providers, tools and evals do not know the app's data or services", from: RUNTIME, forbidden: /^(lib\/(db|data|auth|runs|flows|mcp|evaluations)|app)\// },
  { name: "the runtime libraries do not know evaluations (evals build on them)", from: /^lib\/(engine|dsl|providers|tools)\//, forbidden: /^lib\/evals\// },
  { name: "the DSL builds on the engine (the engine owns the flow-string parser), never the reverse", from: /^lib\/engine\//, forbidden: /^lib\/dsl\// },
  { name: "the data layer is below the services and the web app", from: /^lib\/data\//, forbidden: /^(lib\/(runs|auth|flows|mcp|evaluations)|app)\// },
  { name: "the OpenTelemetry export builds spans from plain nodes: no Next.js, database, data or services", from: /^lib\/otel\//, forbidden: /^(next|react)$|^(next|@prisma)\/|^(lib\/(db|data|auth|runs|flows)|app)\// },
  { name: "lib/ knows nothing of the web layer", from: /^lib\//, forbidden: /^app\/|^next$|^next\// },
];

const files = projectFiles(["lib", "app"]);

describe("the import graph", () => {
  it("has no modules that import each other at load time", () => {
    expect(loadTimeCycles(files)).toEqual([]);
  });

  it.each(RULES)("$name", ({ from, forbidden }) => {
    const broken = files
      .filter((file) => from.test(file))
      .flatMap((file) => importsOf(file).filter((edge) => forbidden.test(edge.target)).map((edge) => `${file} → ${edge.target}`));
    expect(broken).toEqual([]);
  });
});

/** Packages that must never reach a browser bundle (Turbopack fails the build on node: modules). */
const SERVER_ONLY = /^node:|^(pg|better-sqlite3|openai|@anthropic-ai\/sdk|@dbos-inc\/dbos-sdk)$|^@prisma\//;

const directive = (file: string, name: string) => new RegExp(`^\\s*["']${name}["']`).test(readFileSync(resolve(import.meta.dirname, "..", file), "utf8"));

/** The server-only packages a client component bundles, with the chain of imports that brings each. */
function serverOnlyReach(entry: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of importsOf(file)) {
      if (edge.typeOnly || edge.dynamic) continue;
      if (SERVER_ONLY.test(edge.target)) found.push([...chain, file, edge.target].join(" → "));
      // A Server Actions module is called over the network, not bundled.
      else if (/\.tsx?$/.test(edge.target) && !directive(edge.target, "use server")) walk(edge.target, [...chain, file]);
    }
  };
  walk(entry, []);
  return found;
}

describe("client components", () => {
  const clientFiles = files.filter((file) => /\.tsx?$/.test(file) && directive(file, "use client"));

  it("are found", () => {
    expect(clientFiles.length).toBeGreaterThan(20);
  });

  it("reach no server-only module (node:, database drivers, model SDKs, DBOS)", () => {
    expect(clientFiles.flatMap(serverOnlyReach)).toEqual([]);
  });
});
