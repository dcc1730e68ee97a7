import { describe, expect, it } from "vitest";
import { TeamSlots } from "@/lib/runs/executors/teamSlots";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("TeamSlots: at most N runs of one team at once", () => {
  it("lets N in, queues the rest in order, and never lets a newcomer overtake", async () => {
    const slots = new TeamSlots(2);
    const order: string[] = [];
    const enter = async (name: string, team = "t") => {
      const release = await slots.acquire(team);
      order.push(name);
      return release;
    };
    const a = await enter("a");
    const b = await enter("b");
    const c = enter("c");
    const d = enter("d");
    const other = await enter("other team", "u"); // another team is not held up
    await tick();
    expect(order).toEqual(["a", "b", "other team"]);
    a();
    const e = enter("e"); // arrives after a freed its slot: c is first in line
    await tick();
    expect(order).toEqual(["a", "b", "other team", "c"]);
    b();
    (await c)();
    await tick();
    expect(order).toEqual(["a", "b", "other team", "c", "d", "e"]);
    (await d)();
    (await e)();
    other();
  });

  it("a run cancelled while it waits leaves the line without taking a slot", async () => {
    const slots = new TeamSlots(1);
    const first = await slots.acquire("t");
    const cancel = new AbortController();
    const waiting = slots.acquire("t", cancel.signal);
    const next = slots.acquire("t");
    cancel.abort();
    (await waiting)(); // a no-op release
    first();
    const release = await next; // got the slot the cancelled one would have had
    let third = false;
    void slots.acquire("t").then(() => (third = true));
    await tick();
    expect(third).toBe(false); // still one at a time
    release();
    await tick();
    expect(third).toBe(true);
  });
});
