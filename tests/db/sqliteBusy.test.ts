// Issue 10: a lock held by another process on the SQLite file must not freeze the event
// loop. The other process is scripts/hold-sqlite-lock.mjs; this one waits through the
// app's client (lib/db/sqliteBusy.ts) with a lock wait of WAIT_MS.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlow, getLocalWorkspace, listFlows, saveFlowVersion, type Workspace } from "@/lib/data";
import { closeDb } from "@/lib/db/client.ts";
import { DEFAULT_LOCK_WAIT_MS, lockWaitMs } from "@/lib/db/sqliteBusy.ts";
import { asUnavailable, StorageUnavailableError } from "@/lib/db/unavailable.ts";
import { holdSqliteLock, watchEventLoop } from "./lockProbe.ts";

const WAIT_MS = 2_000;
const SHORT_HOLD_MS = 1_200; // let go within WAIT_MS
const LONG_HOLD_MS = 4_000; // outlasts WAIT_MS
// Generous: the machine is shared. The driver's own wait is 20 ms per attempt; the
// stock adapter's was 5 s.
const STALL_BOUND_MS = 500;
const DOCUMENT = "agents:\n  a: { model: 'mock:echo' }\nswarm: { flow: a }\n";

describe("lockWaitMs", () => {
  it("reads SWARM_SQLITE_LOCK_WAIT_MS when it is a positive number", () => {
    expect(lockWaitMs("250")).toBe(250);
    for (const value of [undefined, "", "0", "-5", "soon"]) expect(lockWaitMs(value)).toBe(DEFAULT_LOCK_WAIT_MS);
  });
});

describe("a lock held by another process on the SQLite file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "swarm-sqlite-busy-"));
  const filePath = path.join(dir, "busy.db");
  const previous = { url: process.env.DATABASE_URL, wait: process.env.SWARM_SQLITE_LOCK_WAIT_MS };
  let workspace: Workspace;
  let made = 0;
  const newFlow = () => createFlow(workspace.teamId, workspace.userId, { name: `flow ${++made}`, document: DOCUMENT });
  const flowNames = async () => (await listFlows(workspace.teamId)).map((flow) => flow.name);

  beforeAll(async () => {
    process.env.DATABASE_URL = `file:${filePath}`;
    process.env.SWARM_SQLITE_LOCK_WAIT_MS = String(WAIT_MS);
    workspace = await getLocalWorkspace();
  });
  afterAll(async () => {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
    for (const [key, value] of [["DATABASE_URL", previous.url], ["SWARM_SQLITE_LOCK_WAIT_MS", previous.wait]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it("is waited for off the event loop: reads, writes and transactions go through once it is let go", async () => {
    const flow = await newFlow();
    const lock = await holdSqliteLock(filePath, SHORT_HOLD_MS);
    const loop = watchEventLoop();
    const started = performance.now();
    const [names, created, saved] = await Promise.all([
      flowNames(),
      newFlow(),
      saveFlowVersion(workspace.teamId, workspace.userId, flow.id, { document: DOCUMENT, message: "edit", baseVersion: 1 }),
    ]);
    const stallMs = loop.stop();
    const tookMs = performance.now() - started;
    await lock.released;

    expect(stallMs).toBeLessThan(STALL_BOUND_MS);
    expect(tookMs).toBeGreaterThan(SHORT_HOLD_MS / 2); // they did wait for the lock
    expect(names).toContain(flow.name);
    expect(saved.number).toBe(2);
    expect(await flowNames()).toContain(created.name);
  });

  it("gives up after the lock wait with a StorageUnavailableError, not a hang, and nothing half-written", async () => {
    const lock = await holdSqliteLock(filePath, LONG_HOLD_MS);
    const started = performance.now();
    const failed = await newFlow().then(
      () => null,
      (error: unknown) => error,
    );
    const tookMs = performance.now() - started;
    await lock.released;

    expect(asUnavailable(failed)).toBeInstanceOf(StorageUnavailableError);
    expect(tookMs).toBeGreaterThan(WAIT_MS * 0.9);
    expect(tookMs).toBeLessThan(LONG_HOLD_MS);
    const lost = `flow ${made}`;
    const after = await newFlow();
    const names = await flowNames();
    expect(names).toContain(after.name);
    expect(names).not.toContain(lost);
  });

  it("lets a commit wait for a reader elsewhere, and stores the write once the reader is done", async () => {
    const lock = await holdSqliteLock(filePath, SHORT_HOLD_MS, "shared");
    const loop = watchEventLoop();
    const created = await newFlow();
    const stallMs = loop.stop();
    await lock.released;

    expect(stallMs).toBeLessThan(STALL_BOUND_MS);
    expect(await flowNames()).toContain(created.name);
  });

  it("rolls back a commit that a reader elsewhere outlasts, and the connection goes on working", async () => {
    const lock = await holdSqliteLock(filePath, LONG_HOLD_MS, "shared");
    const failed = await newFlow().then(
      () => null,
      (error: unknown) => error,
    );
    const lost = `flow ${made}`;
    await lock.released;

    expect(asUnavailable(failed)).toBeInstanceOf(StorageUnavailableError);
    const after = await newFlow();
    const names = await flowNames();
    expect(names).toContain(after.name);
    expect(names).not.toContain(lost);
  });
});
