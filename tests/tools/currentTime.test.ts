import { describe, expect, it } from "vitest";
import { createCurrentTimeTool, currentTimeTool } from "@/lib/tools";
import { toolContext } from "./context";

const instant = new Date("2026-03-15T12:34:56Z");
const fixed = createCurrentTimeTool(() => instant);

describe("current_time tool", () => {
  it("defaults to UTC", async () => {
    expect(await fixed.execute({}, toolContext())).toEqual({
      timezone: "UTC",
      utc: "2026-03-15T12:34:56.000Z",
      local: "2026-03-15 12:34:56",
      offset: "+00:00",
      weekday: "Sunday",
    });
  });

  it("gives wall-clock time and offset in an IANA zone", async () => {
    expect(await fixed.execute({ timezone: "Asia/Kolkata" }, toolContext())).toMatchObject({
      local: "2026-03-15 18:04:56",
      offset: "+05:30",
    });
    expect(await fixed.execute({ timezone: "America/New_York" }, toolContext())).toMatchObject({
      local: "2026-03-15 08:34:56", // daylight saving time started on March 8
      offset: "-04:00",
    });
  });

  it("uses the real clock by default", async () => {
    const before = Date.now();
    const result = (await currentTimeTool.execute({}, toolContext())) as { utc: string };
    expect(Date.parse(result.utc)).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([["Mars/Olympus"], ["Europe/Paris; rm -rf /"], [""], ["x".repeat(100)]])("rejects the zone %j", (timezone) => {
    expect(currentTimeTool.argsSchema.safeParse({ timezone }).success).toBe(false);
  });

  it("rejects a non-string zone", () => {
    expect(currentTimeTool.argsSchema.safeParse({ timezone: 5 }).success).toBe(false);
  });
});
