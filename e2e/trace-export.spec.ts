// Settings → Trace export, then a run: its spans reach a collector of ours with the team's
// header, the settings show the export, and the run page downloads the same trace as OTLP JSON.
// The e2e server allows 127.0.0.1 as an OTLP endpoint (SWARM_OTLP_ALLOWED_CIDRS in scripts/e2e-server.mjs).
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { type Collector, decodeJson, startCollector } from "../tests/otel/collector";
import { startRun } from "./editor-helpers";

const FLOW = `name: Traced flow
agents:
  math:
    model: 'mock:tool?name=calculator&args={"expression":"6*7"}'
    instructions: Compute.
    tools: [calculator]
swarm:
  type: workflow
  flow: math
`;

let collector: Collector;
test.beforeAll(async () => {
  collector = await startCollector();
});
test.afterAll(() => collector.close());

test("export a run to a collector and download its trace", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/settings/telemetry");
  await page.getByLabel("OTLP/HTTP traces endpoint").fill(collector.url);
  await page.getByLabel(/Headers, one/).fill("authorization=Bearer e2e-otlp-token-123456");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Exporting")).toBeVisible();
  await expect(page.getByText("stored: authorization")).toBeVisible();
  await expect(page.locator("body")).not.toContainText("e2e-otlp-token-123456");

  await page.goto("/flows");
  await page.getByLabel("Import YAML file").setInputFiles({ name: "traced.yaml", mimeType: "application/yaml", buffer: Buffer.from(FLOW) });
  await expect(page.getByRole("heading", { name: "Traced flow" })).toBeVisible();
  await startRun(page, "what is 6*7?");
  await page.getByRole("link", { name: "Open timeline" }).click();
  await expect(page.locator('.timeline-row[data-kind="tool_call"]')).toHaveAttribute("data-status", "success");
  // run, swarm, agent, model call, tool call, model call
  const rows = 6;

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as OTLP JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^run-.+\.otlp\.json$/);
  const spans = decodeJson(JSON.parse(readFileSync((await download.path())!, "utf8")));
  expect(spans.length).toBe(rows);
  expect(spans.filter((s) => s.parentSpanId === "").map((s) => s.name)).toEqual(["invoke_workflow Traced flow"]);

  await expect.poll(() => collector.spans().length, { timeout: 20_000 }).toBe(rows);
  expect(collector.requests[0]?.headers.authorization).toBe("Bearer e2e-otlp-token-123456");
  await expect.poll(async () => {
    await page.goto("/settings/telemetry");
    return page.getByText("none yet").count();
  }, { timeout: 20_000 }).toBe(0);
});
