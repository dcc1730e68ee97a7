// The team tools service: editors write, viewers read, permission first; names are the
// DSL's and never a built-in's; another team's tool is not found; saves and imports know
// the team's tools; runs get them (a document's own tool of the same name wins).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Workspace } from "@/lib/auth";
import { getLocalWorkspace } from "@/lib/data";
import { buildSwarm, parseDocument } from "@/lib/dsl";
import { run } from "@/lib/engine";
import { getProvider } from "@/lib/providers";
import { closeSandbox } from "@/lib/tools/sandbox";
import { testDatabases, useTestDatabase } from "../data/databases";

const flows = await import("@/lib/flows");
const teamTools = await import("@/lib/flows/teamTools");

const SHOUT = { name: "shout", description: "Upper-cases text", parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] }, code: "return args.text.toUpperCase();" };
const usingShout = (extra = "") =>
  `name: Shouter\n${extra}agents:\n  a: { model: 'mock:tool?name=shout&args={"text":"hey"}', tools: [shout] }\nswarm: { type: workflow, flow: a }\n`;

afterAll(() => closeSandbox());

describe.each(testDatabases())("team tools on $name", (database) => {
  useTestDatabase(database);
  let editor: Workspace;
  let viewer: Workspace;
  let stranger: Workspace;

  beforeAll(async () => {
    const local = await getLocalWorkspace();
    editor = { ...local, role: "editor", mode: "single-user" };
    viewer = { ...editor, role: "viewer" };
    stranger = { ...editor, teamId: "some-other-team" };
  });

  it("lets editors create, edit and delete; viewers only read", async () => {
    await expect(teamTools.createTool(viewer, SHOUT)).rejects.toMatchObject({ kind: "forbidden" });
    const created = await teamTools.createTool(editor, SHOUT);
    expect(created).toMatchObject({ name: "shout", parameters: SHOUT.parameters, timeoutMs: null });
    expect((await teamTools.listTools(viewer)).map((tool) => tool.name)).toEqual(["shout"]);
    await expect(teamTools.updateTool(viewer, created.id, { ...SHOUT, description: "x" })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(teamTools.deleteTool(viewer, created.id)).rejects.toMatchObject({ kind: "forbidden" });
    const updated = await teamTools.updateTool(editor, created.id, { ...SHOUT, description: "Shouts", timeout_ms: 2000 });
    expect(updated).toMatchObject({ description: "Shouts", timeoutMs: 2000 });
    await teamTools.deleteTool(editor, created.id);
    expect(await teamTools.listTools(editor)).toEqual([]);
  });

  it("refuses a built-in's name, a taken name and a bad name; another team's tool is not found", async () => {
    await expect(teamTools.createTool(editor, { ...SHOUT, name: "http_fetch" })).rejects.toMatchObject({ kind: "invalid", message: expect.stringMatching(/built-in/) });
    await expect(teamTools.createTool(editor, { ...SHOUT, name: "9lives" })).rejects.toMatchObject({ kind: "invalid" });
    await expect(teamTools.createTool(editor, { ...SHOUT, parameters: { type: "string" } })).rejects.toMatchObject({ kind: "invalid" });
    const first = await teamTools.createTool(editor, SHOUT);
    await expect(teamTools.createTool(editor, SHOUT)).rejects.toMatchObject({ kind: "invalid", message: expect.stringMatching(/already has a tool named "shout"/) });
    await expect(teamTools.updateTool(stranger, first.id, SHOUT)).rejects.toMatchObject({ kind: "not_found" });
    await expect(teamTools.deleteTool(stranger, first.id)).rejects.toMatchObject({ kind: "not_found" });
    await teamTools.deleteTool(editor, first.id);
  });

  it("saves and imports documents that name the team's tools, and refuses one naming a tool the team lacks", async () => {
    await expect(flows.createFromDocument(editor, { document: usingShout(), fallbackName: "x" })).rejects.toMatchObject({
      issues: [expect.objectContaining({ message: expect.stringMatching(/unknown tool 'shout'/) })],
    });
    const tool = await teamTools.createTool(editor, SHOUT);
    const { id } = await flows.createFromDocument(editor, { document: usingShout(), fallbackName: "x" });
    expect((await flows.save(editor, id, { document: usingShout("description: again\n"), baseVersion: 1 })).version).toBe(2);
    await teamTools.deleteTool(editor, tool.id);
  });

  it("gives runs the team's tools after the built-in ones; the document's own tool wins", async () => {
    const tool = await teamTools.createTool(editor, SHOUT);
    const lookup = await teamTools.teamToolLookup(editor.teamId, parseDocument(usingShout(), { teamTools: ["shout"] }).document!);
    expect(lookup("calculator")?.kind ?? "builtin").toBe("builtin");
    expect(lookup("shout")?.kind).toBe("code");
    // A document that names none of the team's tools does not read them.
    const builtInOnly = parseDocument("agents:\n  a: { model: 'mock:echo', tools: [calculator] }\nswarm: { flow: a }\n").document!;
    expect((await teamTools.teamToolLookup(editor.teamId, builtInOnly))("shout")).toBeUndefined();
    const outputOf = async (text: string) => {
      const { document } = parseDocument(text, { teamTools: ["shout"] });
      return (await run(buildSwarm(document!, { tools: lookup }), "go", { resolveProvider: (model) => getProvider(model) })).output;
    };
    expect(await outputOf(usingShout())).toBe("shout returned: HEY");
    const own = "tools:\n  shout:\n    description: Whispers\n    parameters: { type: object, properties: { text: { type: string } } }\n    code: return args.text.toLowerCase() + '...';\n";
    expect(await outputOf(usingShout(own))).toBe("shout returned: hey...");
    await teamTools.deleteTool(editor, tool.id);
  });
});
