/**
 * The timeline page with a 100,000-node run (issues 6 and 17; Langfuse froze 30–60 s on
 * 30,000). Rows are written straight through the data layer into a fresh SQLite file, a
 * production server starts on it (own NEXT_DIST_DIR and port; built first when that
 * folder has no build), and Chromium measures:
 *   - first render: navigation start → the first timeline rows on screen (the page streams
 *     the nodes in chunks after its HTML, and draws the first chunk at once)
 *   - every node loaded: navigation start → the last chunk drawn (the timeline not busy)
 *   - scrolling: frame times while the rows scroll by 400 px per frame
 * Targets: first render under 1.5 s; smooth scroll (frames near 16.7 ms).
 * Env: BENCH_DIST_DIR (default .next-bench), BENCH_PORT (default 3470), BENCH_REBUILD=1.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { cpus, loadavg } from "node:os";
import { chromium } from "@playwright/test";
import type { RunNodeDetail, RunNodeKind } from "@/lib/data/runs/types";

/** The goal is 100,000 nodes; BENCH_TIMELINE_NODES=30000 compares with the figure at filing. */
const NODE_COUNT = Number(process.env.BENCH_TIMELINE_NODES ?? 100_000);
const AGENTS = 100;
const PARALLEL = 10;
const NEXT = "node_modules/next/dist/bin/next";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/**
 * run → swarm → 100 agents (10 at a time) → model calls, each with one tool call: NODE_COUNT
 * nodes, with ids as the engine gives them (the run's id, then `<parent>.<place>`, runState.ts).
 */
function syntheticNodes(t0: number, runId: string): RunNodeDetail[] {
  const nodes: RunNodeDetail[] = [];
  const add = (id: string, parentId: string | null, kind: RunNodeKind, name: string, start: number, end: number, tokens = 0) =>
    nodes.push({
      id,
      parentId,
      seq: nodes.length,
      kind,
      name,
      status: "success",
      model: kind === "step" ? "openai:gpt-4o-mini" : null,
      createdAt: start,
      startedAt: start,
      endedAt: end,
      durationMs: end - start,
      usage: { inputTokens: tokens, outputTokens: tokens / 2, totalTokens: tokens * 1.5 },
      costUsd: kind === "step" ? (tokens * 0.15 + (tokens / 2) * 0.6) / 1e6 : 0,
      error: null,
      marks: null,
      input: kind === "tool_call" ? '{"expression":"6*7"}' : null,
      output: kind === "tool_call" ? "42" : null,
      messages: null,
      metadata: {},
    });
  const perAgent = Math.floor((NODE_COUNT - 2) / AGENTS); // agent + its steps and tool calls
  const stepsPerAgent = Math.floor((perAgent - 1) / 2);
  const stepMs = 20;
  const waves = Math.ceil(AGENTS / PARALLEL);
  const end = t0 + waves * stepsPerAgent * stepMs;
  const swarmId = `${runId}.0`;
  add(runId, null, "run", "bench", t0, end);
  add(swarmId, runId, "swarm", "bench", t0, end);
  for (let a = 0; a < AGENTS; a++) {
    const start = t0 + Math.floor(a / PARALLEL) * stepsPerAgent * stepMs;
    const agentId = `${swarmId}.${a}`;
    add(agentId, swarmId, "agent", `worker_${a}`, start, start + stepsPerAgent * stepMs);
    for (let s = 0; s < stepsPerAgent && nodes.length < NODE_COUNT - 1; s++) {
      const stepStart = start + s * stepMs;
      add(`${agentId}.${s}`, agentId, "step", `worker_${a}`, stepStart, stepStart + stepMs - 4, 100);
      add(`${agentId}.${s}.0`, `${agentId}.${s}`, "tool_call", "calculator", stepStart + stepMs - 4, stepStart + stepMs - 2);
    }
  }
  for (let extra = AGENTS; nodes.length < NODE_COUNT; extra++) add(`${swarmId}.${extra}`, swarmId, "agent", "late", end - 10, end);
  return nodes;
}

async function seedRun(databaseFile: string): Promise<string> {
  process.env.DATABASE_URL = `file:${databaseFile}`;
  const { closeDb } = await import("@/lib/db/client");
  const { createFlow, getLocalWorkspace } = await import("@/lib/data");
  const { createRun, finishRun, claimRun, writeRunBatch } = await import("@/lib/data/runs");
  try {
    const { teamId, userId } = await getLocalWorkspace();
    const flow = await createFlow(teamId, userId, { name: `${NODE_COUNT.toLocaleString()} nodes`, document: "agents:\n  a: { model: 'mock:echo' }\nswarm: { flow: a }\n" });
    const { run } = await createRun(teamId, userId, { flowId: flow.id, input: "bench" });
    await claimRun(run.id, "bench");
    const nodes = syntheticNodes(Date.now() - 60_000, run.id);
    const started = performance.now();
    for (let i = 0; i < nodes.length; i += 2000) {
      await writeRunBatch(run.id, { nodes: nodes.slice(i, i + 2000), events: [] });
    }
    console.log(`seeded ${nodes.length.toLocaleString()} nodes in ${(performance.now() - started).toFixed(0)} ms`);
    const root = nodes[0]!;
    await finishRun(run.id, { status: "success", output: "done", error: null, totals: { usage: root.usage, costUsd: 0 } });
    return run.id;
  } finally {
    await closeDb();
  }
}

function ensureBuild(distDir: string): void {
  if (existsSync(path.join(distDir, "BUILD_ID")) && process.env.BENCH_REBUILD !== "1") return;
  console.log(`building into ${distDir} …`);
  const build = spawnSync(process.execPath, [NEXT, "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("next build failed");
}

async function startServer(distDir: string, port: number, databaseFile: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [NEXT, "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    stdio: "ignore",
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: `file:${databaseFile}` },
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/runs`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error("the server did not start");
}

export async function run(): Promise<void> {
  const distDir = process.env.BENCH_DIST_DIR ?? ".next-bench";
  const port = Number(process.env.BENCH_PORT ?? 3470);
  mkdirSync("data", { recursive: true });
  const databaseFile = path.resolve("data/bench-timeline.db");
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(databaseFile + suffix, { force: true });
  const previousUrl = process.env.DATABASE_URL;
  const runId = await seedRun(databaseFile);
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;

  ensureBuild(distDir);
  // The browser first: a server left running by a failed launch would answer the next run.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const server = await startServer(distDir, port, databaseFile).catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  try {
    const url = `http://127.0.0.1:${port}/runs/${runId}`;
    // Warms the routes once, as a running server would be, and weighs the HTML and the nodes' stream.
    const payloadBytes = (await (await fetch(url)).arrayBuffer()).byteLength;
    const streamBytes = (await (await fetch(`http://127.0.0.1:${port}/api/runs/${runId}/timeline`)).arrayBuffer()).byteLength;
    const firstRenders: number[] = [];
    const allLoaded: number[] = [];
    const responses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      // Records when the first rows enter the DOM, relative to navigation start.
      await page.addInitScript(() => {
        const observer = new MutationObserver(() => {
          if (document.querySelector(".timeline-row")) {
            (window as unknown as { __rowsAt: number }).__rowsAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await page.goto(url, { waitUntil: "load", timeout: 180_000 });
      await page.waitForFunction(() => (window as unknown as { __rowsAt?: number }).__rowsAt !== undefined, undefined, { timeout: 180_000 });
      firstRenders.push(await page.evaluate(() => (window as unknown as { __rowsAt: number }).__rowsAt));
      // The last chunk in and drawn: the timeline is no longer busy.
      const loaded = await page.waitForFunction(() => document.querySelector(".timeline")?.getAttribute("aria-busy") === "false" && performance.now(), undefined, { polling: "raf", timeout: 180_000 });
      allLoaded.push((await loaded.jsonValue()) as number);
      // One request for the nodes per load: nothing read twice.
      const streams = await page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/timeline")).length);
      if (streams !== 1) throw new Error(`the nodes' stream was requested ${streams} times in one load`);
      responses.push(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseEnd));
      const nodesShown = await page.locator(".timeline").getAttribute("aria-label");
      if (i === 2) {
        const frames = await page.evaluate(async () => {
          const scroller = document.querySelector(".timeline") as HTMLElement;
          const times: number[] = [];
          let last = performance.now();
          for (let f = 0; f < 180; f++) {
            scroller.scrollTop += 400;
            await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
            const now = performance.now();
            times.push(now - last);
            last = now;
          }
          return { times, rowsInDom: document.querySelectorAll(".timeline-row").length, scrollTop: scroller.scrollTop };
        });
        const rowCount = await page.locator(".timeline").evaluate((element) => element.firstElementChild?.clientHeight ?? 0);
        console.log(`${nodesShown}: ${Math.round(rowCount / 28).toLocaleString()} rows tall, ${frames.rowsInDom} rows in the DOM after scrolling to ${Math.round(frames.scrollTop).toLocaleString()} px`);
        console.log(
          `scroll frames: median ${median(frames.times).toFixed(1)} ms, p95 ${percentile(frames.times, 0.95).toFixed(1)} ms, max ${Math.max(...frames.times).toFixed(1)} ms ` +
            `(${frames.times.filter((t) => t > 50).length} of ${frames.times.length} over 50 ms)`,
        );
      }
      await page.close();
    }
    console.log(`CPU: ${cpus()[0]?.model ?? "unknown"} × ${cpus().length}; load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
    console.log(`HTML of the page: ${(payloadBytes / 1e6).toFixed(2)} MB; the nodes' stream: ${(streamBytes / 1e6).toFixed(1)} MB`);
    console.log(
      `first render of ${NODE_COUNT.toLocaleString()} nodes: median ${median(firstRenders).toFixed(0)} ms (runs: ${firstRenders.map((t) => t.toFixed(0)).join(", ")}) — target < 1500 ms: ${median(firstRenders) < 1500 ? "met" : "NOT met"}`,
    );
    console.log(`  of which the page's response (navigation start → last byte): median ${median(responses).toFixed(0)} ms`);
    console.log(`every node loaded and drawn: median ${median(allLoaded).toFixed(0)} ms (runs: ${allLoaded.map((t) => t.toFixed(0)).join(", ")})`);
  } finally {
    await browser.close();
    server.kill();
  }
}
