// The adapter's statement cache (lib/db/statementCache.ts): one prepare per SQL text, each
// use bound with its own arguments, results as the stock adapter reads them.
import Database from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { withStatementCache } from "@/lib/db/statementCache.ts";

describe("statement cache", () => {
  it("prepares a SQL text once and binds each use anew", () => {
    const handle = new Database(":memory:");
    handle.exec("CREATE TABLE t (a INTEGER, b TEXT)");
    const prepare = vi.spyOn(handle, "prepare");
    const cached = withStatementCache(handle);
    const insert = "INSERT INTO t (a, b) VALUES (?, ?)";
    for (const [a, b] of [[1, "one"], [2, "two"], [3, "three"]] as const) expect(cached.prepare(insert).bind([a, b]).run().changes).toBe(1);
    const select = cached.prepare("SELECT a, b FROM t WHERE a >= ? ORDER BY a");
    const view = select.bind([2]);
    expect(view.reader).toBe(true);
    expect(view.columns().map((column) => column.name)).toEqual(["a", "b"]);
    expect(view.raw().all()).toEqual([[2, "two"], [3, "three"]]);
    expect(cached.prepare("SELECT a, b FROM t WHERE a >= ? ORDER BY a").bind([3]).raw().all()).toEqual([[3, "three"]]);
    expect(prepare).toHaveBeenCalledTimes(2);
    // The rest is the handle's own.
    expect(cached.inTransaction).toBe(false);
    cached.exec("DELETE FROM t");
    expect(handle.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
    handle.close();
  });
});
