// The project's shape (docs/architecture.md): no module cycles, and imports between the
// layers go one way. A failure names the file and the import that broke the rule.
import { describe, expect, it } from "vitest";
import { importsOf, loadTimeCycles, projectFiles } from "./tools/importGraph";

type Rule = { name: string; from: RegExp; forbidden: RegExp };

/** The runtime libraries know nothing of the web app, the database or the app's services. */
const RUNTIME = /^lib\/(engine|dsl|providers|tools)\//;
const RULES: Rule[] = [
  { name: "engine, dsl, providers and tools run outside Next.js, React and the database", from: RUNTIME, forbidden: /^(next|react|react-dom|@xyflow\/react)$|^(next|@prisma)\// },
  { name: "engine, dsl, providers and tools do not know the app's data or services", from: RUNTIME, forbidden: /^(lib\/(db|data|auth|runs|flows)|app)\// },
  { name: "the DSL builds on the engine (the engine owns the flow-string parser), never the reverse", from: /^lib\/engine\//, forbidden: /^lib\/dsl\// },
  { name: "the data layer is below the services and the web app", from: /^lib\/data\//, forbidden: /^(lib\/(runs|auth|flows)|app)\// },
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
