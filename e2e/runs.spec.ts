// Runs from the editor with mock: models (scripted latency): live canvas overlay and
// timeline, a model call's messages, cancelling midway, a failing tool on its node.
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { getFlowTemplate } from "../lib/demo/flows";
import { startRun } from "./editor-helpers";

async function snap(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function openFlow(page: Page, name: string) {
  await page.goto("/flows");
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
}


const overlay = (page: Page, agent: string) => page.getByTestId(`run-overlay-${agent}`);

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
});

async function importFlow(page: Page, name: string, document: string) {
  await page.goto("/flows");
  await page.getByLabel("Import YAML file").setInputFiles({ name: `${name}.yaml`, mimeType: "application/yaml", buffer: Buffer.from(document) });
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
}

// The hybrid example (the "Article pipeline" demo) with every model call taking 1.5 s,
// so each stage stays "running" long enough to be seen on a loaded machine.
const slowArticlePipeline = getFlowTemplate("article-pipeline")!
  .document.replace("name: Article pipeline", "name: Slow article pipeline")
  .replace(/latency=\d+/g, "latency=1500");

test("run the hybrid example from the editor and watch it live on the canvas and the timeline", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await importFlow(page, "Slow article pipeline", slowArticlePipeline);
  await startRun(page, "the speed of light");

  // Live on the canvas: intro runs first, then the research pair.
  await expect(overlay(page, "intro")).toHaveAttribute("data-run-status", "running");
  await snap(page, testInfo, "1-canvas-intro-running");
  await expect(overlay(page, "intro")).toHaveAttribute("data-run-status", "success");
  await expect(overlay(page, "history_researcher")).toHaveAttribute("data-run-status", "running");
  await snap(page, testInfo, "2-canvas-research-running");

  // The timeline follows the same run while it is still going.
  await page.getByRole("link", { name: "Open timeline" }).click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await expect(page.locator('.timeline-row[data-status="running"]').first()).toBeVisible();
  await snap(page, testInfo, "3-timeline-running");
  await expect(page.locator(".page-header [data-status]")).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(page.locator('.timeline-row[data-status="running"]')).toHaveCount(0);
  await expect(page.locator('.timeline-row[data-kind="agent"]')).toHaveCount(5);

  // A model call that used a tool: its conversation, with the tool call and its result.
  await page.locator('.timeline-row[data-kind="step"]', { hasText: "science_researcher" }).last().click();
  const messages = page.getByRole("region", { name: "Messages" });
  await expect(messages).toContainText("Research the science of the topic");
  await expect(messages).toContainText("calculator");
  await expect(messages).toContainText("299792.458");
  await snap(page, testInfo, "4-timeline-model-call-messages");

  // Back on the editor the canvas shows each agent's final status, time and tokens.
  await page.goBack();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
});

test("cancel a run midway: the unfinished nodes end cancelled", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openFlow(page, "Article pipeline");
  await startRun(page, "a slow topic", "mock:echo?latency=4000");
  await expect(overlay(page, "intro")).toHaveAttribute("data-run-status", "running");
  await page.getByRole("button", { name: "Cancel" }).click();
  const current = page.getByLabel("Current run");
  await expect(current.locator('[data-status="cancelled"]').first()).toBeVisible();
  await expect(overlay(page, "intro")).toHaveAttribute("data-run-status", "cancelled");
  await snap(page, testInfo, "5-canvas-cancelled");

  await page.getByRole("link", { name: "Open timeline" }).click();
  await expect(page.locator('.timeline-row[data-status="cancelled"]').first()).toBeVisible();
  await expect(page.locator('.timeline-row[data-status="running"]')).toHaveCount(0);
  await page.locator('.timeline-row[data-kind="agent"]').first().click();
  await expect(page.getByRole("complementary", { name: "Node details" })).toContainText("cancelled");
  await snap(page, testInfo, "6-timeline-cancelled");
});

const failingToolFlow = `name: Failing tool
agents:
  solver:
    model: 'mock:tool?name=calculator&args={"expression":"2+"}&latency=300'
    instructions: Compute what you are asked with the calculator.
    tools: [calculator]
swarm:
  type: workflow
  flow: solver
`;

test("a failing tool shows its error on its node", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await importFlow(page, "Failing tool", failingToolFlow);
  await startRun(page, "two plus what?");
  await expect(overlay(page, "solver")).toHaveAttribute("data-run-status", "success");

  await page.getByRole("link", { name: "Open timeline" }).click();
  const tool = page.locator('.timeline-row[data-kind="tool_call"]');
  await expect(tool).toHaveAttribute("data-status", "failed");
  await tool.click();
  const detail = page.getByRole("complementary", { name: "Node details" });
  await expect(detail.getByRole("alert")).toContainText("calculator:");
  await expect(detail).toContainText('"expression": "2+"');
  await snap(page, testInfo, "7-timeline-tool-error");

  await page.goto("/runs");
  await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "cancelled" }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  const listed = page.getByRole("table", { name: "Runs" }).locator("tbody tr");
  await expect(listed.first()).toBeVisible();
  await expect(listed.locator('[data-status]:not([data-status="cancelled"])')).toHaveCount(0);
  await snap(page, testInfo, "8-runs-filtered");
});

const flakyModelFlow = `name: Flaky model
agents:
  writer:
    model: mock:fail?kind=rate_limit&times=2&retry_after=300&text=recovered
    instructions: Write one line.
swarm:
  type: workflow
  flow: writer
`;

test("the timeline shows a handoff's source and each try of a retried model call", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openFlow(page, "Support triage");
  await startRun(page, "Why was I charged twice?");
  await expect(overlay(page, "billing")).toHaveAttribute("data-run-status", "success");
  await page.getByRole("link", { name: "Open timeline" }).click();
  const billing = page.locator('.timeline-row[data-kind="agent"]', { hasText: "billing" });
  await expect(billing.locator(".timeline-handoff")).toHaveText("⇢ from triage");
  await billing.click();
  const detail = page.getByRole("complementary", { name: "Node details" });
  await expect(detail).toContainText("Handed off from");
  await expect(detail.getByRole("heading", { name: "Input (handed off from triage)" })).toBeVisible();

  await importFlow(page, "Flaky model", flakyModelFlow);
  await startRun(page, "anything");
  await expect(overlay(page, "writer")).toHaveAttribute("data-run-status", "success", { timeout: 30_000 });
  await page.getByRole("link", { name: "Open timeline" }).click();
  const step = page.locator('.timeline-row[data-kind="step"]');
  await expect(step.locator(".timeline-attempt")).toHaveCount(3);
  await expect(step.locator(".timeline-attempt.bar-failed")).toHaveCount(2);
  await expect(step.locator(".timeline-bar-label")).toContainText("3 attempts");
  await step.click();
  await expect(page.getByRole("list", { name: "Attempts" }).getByRole("listitem")).toHaveCount(3);
  await snap(page, testInfo, "9-timeline-retried-call");
});
