// What tests/db/sqliteBusy.test.ts and bench/sqlite-lock.ts need: another process that
// holds a lock on a SQLite file, and a probe of the event loop's longest stall.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

export interface HeldLock {
  released: Promise<void>;
}

/**
 * Starts scripts/hold-sqlite-lock.mjs on `filePath` for `ms`: an exclusive lock, or an open
 * read (`shared`: this process can write but not commit). Resolves once it holds the lock;
 * `released` resolves when it has let go.
 */
export async function holdSqliteLock(filePath: string, ms: number, mode: "exclusive" | "shared" = "exclusive"): Promise<HeldLock> {
  const script = path.resolve("scripts/hold-sqlite-lock.mjs");
  const child = spawn(process.execPath, [script, filePath, String(ms), mode], { stdio: ["ignore", "pipe", "inherit"] });
  const released = once(child, "exit").then(([code]) => {
    if (code !== 0) throw new Error(`hold-sqlite-lock exited with ${code}`);
  });
  let output = "";
  for await (const chunk of child.stdout) {
    output += String(chunk);
    if (output.includes("locked")) return { released };
  }
  await released;
  throw new Error("hold-sqlite-lock ended without taking the lock");
}

/**
 * Starts timing the event loop: `stop()` returns its longest stall in ms, the largest gap
 * between two ticks of a 5 ms timer (or since the last tick) beyond those 5 ms. A monitor
 * started in the same turn as a synchronous wait would see it as well.
 */
export function watchEventLoop(): { stop(): number } {
  const tickMs = 5;
  let last = performance.now();
  let longest = 0;
  const gap = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last - tickMs);
    last = now;
  };
  const timer = setInterval(gap, tickMs);
  return {
    stop() {
      clearInterval(timer);
      gap();
      return longest;
    },
  };
}
