// The flows service owns the rules: permission first (an unauthorized caller never gets
// its document parsed), then "a stored flow is a valid document", for every path that
// writes one (create, import, save as new, save).
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getFlow, getLocalWorkspace, listVersions } from "@/lib/data";
import type { Workspace } from "@/lib/auth";
import { testDatabases, useTestDatabase } from "../data/databases";

const parse = vi.hoisted(() => ({ calls: 0 }));
vi.mock("@/lib/dsl/parseDocument", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/dsl/parseDocument")>();
  return {
    ...original,
    parseDocument: (...args: Parameters<typeof original.parseDocument>) => {
      parse.calls++;
      return original.parseDocument(...args);
    },
  };
});

const flows = await import("@/lib/flows");

const VALID = 'name: Two steps\nagents:\n  a: { model: "mock:echo", instructions: "A." }\n  b: { model: "mock:echo", instructions: "B." }\nswarm: { type: workflow, flow: "a >> b" }\n';
/** Every agent defined and never used: one "never used" problem each. */
function unusedAgents(count: number): string {
  const agents = Array.from({ length: count }, (_, i) => `  agent_${i}: { model: "mock:echo", instructions: "x" }`);
  return `agents:\n  main: { model: "mock:echo", instructions: "x" }\n${agents.join("\n")}\nswarm: { type: workflow, flow: main }\n`;
}

describe.each(testDatabases())("the flows service on $name", (database) => {
  useTestDatabase(database);
  let owner: Workspace;
  let viewer: Workspace;

  beforeAll(async () => {
    const local = await getLocalWorkspace();
    owner = { ...local, role: "owner", mode: "single-user" };
    viewer = { ...owner, role: "viewer" };
  });

  beforeEach(() => {
    parse.calls = 0;
  });

  it("checks permission before reading the document, on every path that writes one", async () => {
    const big = unusedAgents(5_000);
    const { id } = await flows.createFromDocument(owner, { document: VALID, fallbackName: "x" });
    parse.calls = 0;
    await expect(flows.createFromDocument(viewer, { document: big, fallbackName: "x" })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(flows.save(viewer, id, { document: big, baseVersion: 1 })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(flows.remove(viewer, id)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(flows.restoreVersion(viewer, id, 1)).rejects.toMatchObject({ kind: "forbidden" });
    expect(parse.calls).toBe(0);
  });

  it("refuses to store an invalid document, with positioned issues, and stores nothing", async () => {
    const { id } = await flows.createFromDocument(owner, { document: VALID, fallbackName: "x" });
    const broken = VALID.replace('flow: "a >> b"', 'flow: "a >> c"');
    const refused = flows.save(owner, id, { document: broken, baseVersion: 1 });
    await expect(refused).rejects.toBeInstanceOf(flows.InvalidDocumentError);
    const error = (await refused.catch((e: unknown) => e)) as InstanceType<typeof flows.InvalidDocumentError>;
    expect(error.kind).toBe("invalid");
    expect(error.issues[0]).toMatchObject({ line: expect.any(Number), message: expect.stringContaining("c") });
    expect((await listVersions(owner.teamId, id)).length).toBe(1);
    await expect(flows.createFromDocument(owner, { document: broken, fallbackName: "x" })).rejects.toBeInstanceOf(flows.InvalidDocumentError);
  });

  it("names a new flow after its document, else the fallback, within the name limit", async () => {
    const named = await flows.createFromDocument(owner, { document: VALID, fallbackName: "file" });
    expect((await getFlow(owner.teamId, named.id)).name).toBe("Two steps");
    const unnamed = await flows.createFromDocument(owner, { document: VALID.replace("name: Two steps\n", ""), fallbackName: "y".repeat(300) });
    expect((await getFlow(owner.teamId, unnamed.id)).name).toBe("y".repeat(120));
  });

  it("offers fork targets only where the user may create flows, and refuses others", async () => {
    expect((await flows.forkTargets(owner)).map((team) => team.id)).toEqual([owner.teamId]);
    const { id } = await flows.createFromDocument(owner, { document: VALID, fallbackName: "x" });
    await expect(flows.forkVersion(owner, id, 1, "some-other-team")).rejects.toMatchObject({ kind: "forbidden" });
    const fork = await flows.forkVersion(owner, id, 1, owner.teamId);
    expect((await getFlow(owner.teamId, fork.flowId)).name).toBe("Two steps (fork)");
  });

  it("keeps one name: the flow's name and description are its document's, on create, save, rename, restore, fork and import", async () => {
    const nameOf = (text: string) => /^name: (.*)$/m.exec(text)?.[1];
    const created = await flows.createFromTemplate(owner, { name: "UX test swarm", templateId: "blank" });
    let flow = await getFlow(owner.teamId, created.id);
    expect(flow.name).toBe("UX test swarm");
    expect(nameOf(flow.latestVersion.document)).toBe("UX test swarm");
    expect(flow.latestVersion.document).toMatch(/^description: /m);
    expect(flow.description).not.toBe("");

    // Saving a document with another name and description renames the flow with it.
    const edited = flow.latestVersion.document.replace("name: UX test swarm", "name: Renamed in the DSL").replace(/^description: .*$/m, "description: Now described here");
    await flows.save(owner, created.id, { document: edited, baseVersion: 1 });
    flow = await getFlow(owner.teamId, created.id);
    expect([flow.name, flow.description]).toEqual(["Renamed in the DSL", "Now described here"]);

    // Renaming writes a new version whose document says the new name, and nothing else changes.
    const renamed = await flows.rename(owner, created.id, "From the list");
    expect(renamed).toEqual({ name: "From the list", version: 3, previousVersion: 2 });
    flow = await getFlow(owner.teamId, created.id);
    expect(flow.latestVersion.document).toBe(edited.replace("name: Renamed in the DSL", "name: From the list"));
    expect(flow.name).toBe("From the list");

    // Restoring version 1 brings its name back too.
    await flows.restoreVersion(owner, created.id, 1);
    expect((await getFlow(owner.teamId, created.id)).name).toBe("UX test swarm");

    // A fork says its own name in its document.
    const fork = await getFlow(owner.teamId, (await flows.forkVersion(owner, created.id, 3, owner.teamId)).flowId);
    expect([fork.name, nameOf(fork.latestVersion.document)]).toEqual(["From the list (fork)", "From the list (fork)"]);

    // An imported document without a name is given the flow's.
    const imported = await getFlow(owner.teamId, (await flows.createFromDocument(owner, { document: VALID.replace("name: Two steps\n", ""), fallbackName: "from-file" })).id);
    expect([imported.name, nameOf(imported.latestVersion.document)]).toEqual(["from-file", "from-file"]);
  });
});
