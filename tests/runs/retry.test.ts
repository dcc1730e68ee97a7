import { describe, expect, it } from "vitest";
import { retryUntilStored } from "@/lib/runs/retry";

/** A clock that only moves when the code under test sleeps. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return { now: () => now, sleep: async (ms: number) => void (slept.push(ms), (now += ms)), slept };
}

describe("retryUntilStored", () => {
  it("retries with growing delays until the write succeeds", async () => {
    const time = fakeTime();
    let failures = 5;
    const result = await retryUntilStored(async () => {
      if (failures-- > 0) throw new Error("database is locked");
      return "stored";
    }, time);
    expect(result).toBe("stored");
    expect(time.slept).toEqual([100, 200, 400, 800, 1600]);
  });

  it("gives up with the last error once the deadline would pass", async () => {
    const time = fakeTime();
    let attempts = 0;
    const write = retryUntilStored(async () => {
      attempts++;
      throw new Error(`down ${attempts}`);
    }, { ...time, deadlineMs: 2 * 60_000 });
    await expect(write).rejects.toThrow(/^down \d+$/);
    expect(time.now()).toBeLessThanOrEqual(2 * 60_000);
    expect(Math.max(...time.slept)).toBe(5_000);
    expect(attempts).toBeGreaterThan(20);
  });
});
