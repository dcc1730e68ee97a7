/**
 * Co-editing benchmark (issue 18): propagation latency between two clients of one flow's
 * shared draft, as two browser tabs are, through the real server stack (Hocuspocus with
 * access checks and SQLite persistence, scripts/server.mjs's upgrade path) over WebSockets
 * on 127.0.0.1.
 *   C1 one edit at a time: the time from a client's edit to the other client having it
 *      (EDITS edits, each waits for the last)
 *   C2 both typing at once: every client sends an edit every TYPING_MS; the time from each
 *      edit to its arrival at the other (EDITS edits each)
 * Target: p95 under 100 ms (the "within 100 ms on a LAN").
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import type * as Y from "yjs";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { closeDb } from "@/lib/db/client";
import { connectClient, startCoeditServer } from "../tests/coedit/client.ts";

const EDITS = 500;
const TYPING_MS = 5;
const DOCUMENT = 'agents:\n  a: { model: "mock:echo", instructions: "Say hi." }\nswarm: { type: workflow, flow: a }\n';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Calls `seen(marker, at)` for every marker `#<id>;` another client inserted into `text`. */
function watch(text: Y.Text, seen: (marker: string, at: number) => void) {
  text.observe((event) => {
    const at = performance.now();
    for (const change of event.delta) if (typeof change.insert === "string") for (const match of change.insert.matchAll(/#(\w+);/g)) seen(match[1]!, at);
  });
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "swarm-bench-coedit-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "bench.db")}`;
  const server = await startCoeditServer();
  try {
    const workspace = await getLocalWorkspace();
    const flow = await createFlow(workspace.teamId, workspace.userId, { name: "Bench", document: DOCUMENT });
    const one = connectClient(server.url, flow.id);
    const two = connectClient(server.url, flow.id);
    await Promise.all([one.synced, two.synced]);

    const sent = new Map<string, number>();
    const senders = new Map<string, Y.Text>();
    const latencies = new Map<string, number>();
    const waiting = new Map<string, () => void>();
    // Only the other client's copy counts: the sender's own copy has the edit at once.
    const arrivedAt = (receiver: Y.Text) => (marker: string, at: number) => {
      if (senders.get(marker) === receiver) return;
      const start = sent.get(marker);
      if (start === undefined || latencies.has(marker)) return;
      latencies.set(marker, at - start);
      waiting.get(marker)?.();
    };
    watch(one.text, arrivedAt(one.text));
    watch(two.text, arrivedAt(two.text));
    const edit = (client: typeof one, marker: string) => {
      senders.set(marker, client.text);
      sent.set(marker, performance.now());
      client.text.insert(client.text.length, `#${marker};`);
    };

    // C1: one edit at a time, alternating senders.
    for (let i = 0; i < EDITS; i++) {
      const marker = `s${i}`;
      const done = new Promise<void>((resolve) => waiting.set(marker, resolve));
      edit(i % 2 === 0 ? one : two, marker);
      await done;
    }
    const sequential = [...latencies.entries()].filter(([m]) => m.startsWith("s")).map(([, ms]) => ms);

    // C2: both type at once.
    const all: Promise<void>[] = [];
    for (let i = 0; i < EDITS; i++) {
      for (const [client, who] of [[one, "a"], [two, "b"]] as const) {
        const marker = `${who}${i}`;
        all.push(new Promise<void>((resolve) => waiting.set(marker, resolve)));
        edit(client, marker);
      }
      await new Promise((resolve) => setTimeout(resolve, TYPING_MS));
    }
    await Promise.all(all);
    const concurrent = [...latencies.entries()].filter(([m]) => !m.startsWith("s")).map(([, ms]) => ms);
    const same = one.text.toString() === two.text.toString();

    console.log(`${cpus()[0]?.model ?? "unknown CPU"}; load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} on ${availableParallelism()} cores`);
    const line = (name: string, values: number[]) =>
      console.log(`${name}: p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms, max ${Math.max(...values).toFixed(2)} ms (${values.length} edits)`);
    line("C1 one edit at a time, client → server → client", sequential);
    line(`C2 both typing at once (an edit every ${TYPING_MS} ms each)`, concurrent);
    console.log(`both clients hold the same document: ${same ? "yes" : "NO"}`);
    one.close();
    two.close();
  } finally {
    await server.stop();
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  }
}
