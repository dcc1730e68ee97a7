// Group commit (lib/db/sqliteBusy.ts): writes that queue for the SQLite connection share one
// transaction. Each write resolves only once it is committed (another connection sees it);
// a failed statement or a rolled-back transaction in a group undoes only itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFlow, getLocalWorkspace, type Workspace } from "@/lib/data";
import { closeDb, getDb } from "@/lib/db/client.ts";

const DOCUMENT = "agents:\n  a: { model: 'mock:echo' }\nswarm: { flow: a }\n";

describe("group commit on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "swarm-group-commit-"));
  const filePath = path.join(dir, "group.db");
  const previous = process.env.DATABASE_URL;
  let workspace: Workspace;
  /** What another process would see: only committed rows. */
  const committedFlowNames = () => {
    const other = new Database(filePath, { readonly: true });
    try {
      return (other.prepare("SELECT name FROM flow ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    } finally {
      other.close();
    }
  };

  beforeAll(async () => {
    process.env.DATABASE_URL = `file:${filePath}`;
    workspace = await getLocalWorkspace();
  });
  afterAll(async () => {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  });

  it("commits concurrent writes together, each resolved only once another connection sees it", async () => {
    // Statements are prepared once and run many times (lib/db/statementCache.ts): count the runs.
    const statement = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as Database.Statement;
    const run = vi.spyOn(statement, "run");
    try {
      const names = Array.from({ length: 40 }, (_, i) => `together ${String(i).padStart(2, "0")}`);
      await Promise.all(names.map((name) => createFlow(workspace.teamId, workspace.userId, { name, document: DOCUMENT })));
      expect(committedFlowNames().filter((name) => name.startsWith("together"))).toEqual(names);
      const commits = run.mock.contexts.filter((context) => (context as Database.Statement).source === "COMMIT").length;
      expect(commits).toBeGreaterThan(0);
      expect(commits).toBeLessThan(10); // 40 transactions, a handful of commits
    } finally {
      run.mockRestore();
    }
  });

  it("undoes only the failed statement or the rolled-back transaction of a group", async () => {
    const db = await getDb();
    const flow = await createFlow(workspace.teamId, workspace.userId, { name: "kept 0", document: DOCUMENT });
    const outcomes = await Promise.allSettled([
      createFlow(workspace.teamId, workspace.userId, { name: "kept 1", document: DOCUMENT }),
      // The same (flowId, number) twice: a unique violation, this statement only.
      db.flowVersion.create({ data: { flowId: flow.id, number: 1, document: DOCUMENT } }),
      db.$transaction(async (tx) => {
        await tx.flow.update({ where: { id: flow.id }, data: { name: "renamed, then rolled back" } });
        throw new Error("changed my mind");
      }),
      createFlow(workspace.teamId, workspace.userId, { name: "kept 2", document: DOCUMENT }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(committedFlowNames().filter((name) => name.startsWith("kept") || name.startsWith("renamed"))).toEqual(["kept 0", "kept 1", "kept 2"]);
    // The connection goes on working after both.
    await createFlow(workspace.teamId, workspace.userId, { name: "kept 3", document: DOCUMENT });
    expect(committedFlowNames()).toContain("kept 3");
  });
});
