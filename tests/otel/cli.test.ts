// `npm run swarm -- run <file> --otlp <url>`: the CLI run's trace reaches the collector,
// one span per node under one root, the header sent and never in the body, nor the
// environment's provider key when content is on.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Collector, startCollector } from "./collector";
import { DOCUMENT } from "./fixtures";

const run = promisify(execFile);
const SECRET = "cli-header-secret-4c3b2a19";
/** Not key-shaped: only the CLI's known-key redaction can catch it. */
const PROVIDER_KEY = "cli-provider-key-0123456789abcd";

describe("the CLI's --otlp", () => {
  let collector: Collector;
  let file: string;
  beforeAll(async () => {
    collector = await startCollector();
    file = path.join(mkdtempSync(path.join(tmpdir(), "swarm-otel-cli-")), "flow.yaml");
    writeFileSync(file, DOCUMENT);
  });
  afterAll(() => collector.close());

  it.each(["json", "protobuf"])("sends the run's trace over %s", async (protocol) => {
    collector.requests.length = 0;
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/swarm.ts", "run", file, "--input", `6*7 ${PROVIDER_KEY}`, "--otlp", collector.url, "--otlp-protocol", protocol, "--otlp-header", `authorization=Bearer ${SECRET}`, "--otlp-content"],
      { cwd: path.resolve(import.meta.dirname, "../.."), env: { ...process.env, OTEL_EXPORTER_OTLP_HEADERS: "", OPENAI_API_KEY: PROVIDER_KEY } },
    );
    expect(stdout).toContain("trace sent to");
    const spans = collector.spans();
    expect(spans).toHaveLength(12);
    const roots = spans.filter((s) => s.parentSpanId === "");
    expect(roots.map((s) => s.name)).toEqual(["invoke_workflow otel-flow"]);
    const ids = new Set(spans.map((s) => s.spanId));
    expect(spans.every((s) => s.parentSpanId === "" || ids.has(s.parentSpanId))).toBe(true);
    expect(collector.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
    const body = collector.requests[0]!.body.toString("utf8");
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain(PROVIDER_KEY);
    expect(body).toContain("6*7 [redacted]"); // content is on: the input, without the key
  }, 60_000);
});
