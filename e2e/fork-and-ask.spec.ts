// Issue 14 as a user meets it: fork a finished run at its third model call with an edited
// message (the calls before it are reused: no tokens), and a run that asks the team a
// question waits until someone answers on the run page, then finishes with the answer.
import { expect, type Page, test } from "@playwright/test";
import { getFlowTemplate } from "../lib/demo/flows";
import { openFlow, snap, startRun } from "./editor-helpers";

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

async function openTimeline(page: Page) {
  await page.getByRole("link", { name: "Open timeline" }).click();
  await expect(page).toHaveURL(/\/runs\/[^/?]+$/);
}

const runStatus = (page: Page) => page.locator(".page-header [data-status]").first();

test("fork a run at its third model call with an edited message", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  await openFlow(page, "Research, write, review");
  await startRun(page, "tides");
  await openTimeline(page);
  await expect(runStatus(page)).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  const parentUrl = page.url();

  const steps = page.locator('.timeline-row[data-kind="step"]');
  await expect(steps).toHaveCount(3);
  await steps.nth(2).click();
  await page.getByRole("button", { name: "Fork from this call…" }).click();
  const form = page.getByRole("region", { name: "Fork from this call" });
  await expect(form).toBeVisible();
  const userMessage = form.locator("textarea").nth(1);
  await userMessage.fill("EDITED: a short note about tides");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, testInfo, `fork-form-${size.width}x${size.height}`);
  }
  await page.setViewportSize(SIZES[0]!);
  await form.getByRole("button", { name: "Start the fork" }).click();

  await expect(page).not.toHaveURL(parentUrl);
  await expect(runStatus(page)).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(page.getByText("Fork of")).toBeVisible();
  const forkSteps = page.locator('.timeline-row[data-kind="step"]');
  await expect(forkSteps.nth(0).locator(".timeline-reused")).toBeVisible();
  await expect(forkSteps.nth(1).locator(".timeline-reused")).toBeVisible();
  await expect(forkSteps.nth(2).locator(".timeline-reused")).toHaveCount(0);
  await expect(forkSteps.nth(2)).toContainText("edited");
  // Reused calls cost nothing in the fork.
  await forkSteps.nth(0).click();
  await expect(page.getByRole("complementary", { name: "Node details" })).toContainText("0 in · 0 out · 0 total");
  await page.getByRole("button", { name: /Input and output/ }).or(page.getByText("Input and output")).first().click();
  await expect(page.locator("pre", { hasText: "EDITED: a short note about tides" }).first()).toBeVisible();
  await snap(page, testInfo, "fork-timeline");

  await page.getByRole("link", { name: "a model call (compare)" }).click();
  await expect(page.getByRole("heading", { name: "Compare runs" })).toBeVisible();
  await expect(page.locator(".compare-runs > section")).toHaveCount(2);
  await snap(page, testInfo, "fork-compare");
});

test("a run asks the team, waits, and finishes with the answer given on the run page", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]!);
  await page.goto("/flows");
  const document = getFlowTemplate("ask-before-publishing")!.document;
  await page.getByLabel("Import YAML file").setInputFiles({ name: "ask.yaml", mimeType: "application/yaml", buffer: Buffer.from(document) });
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
  await startRun(page, "Version 2 is out");
  await openTimeline(page);

  await expect(runStatus(page)).toHaveAttribute("data-status", "waiting", { timeout: 30_000 });
  const question = page.getByRole("group", { name: "Question" });
  await expect(question).toContainText("Publish this draft?");
  await expect(page.locator('.timeline-row[data-status="waiting"]').first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(question.getByRole("button", { name: "yes" })).toBeInViewport();
    await snap(page, testInfo, `waiting-${size.width}x${size.height}`);
  }
  await question.getByRole("button", { name: "yes" }).click();

  await expect(runStatus(page)).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(page.getByRole("group", { name: "Question" })).toHaveCount(0);
  await page.locator('.timeline-row[data-kind="tool_call"]', { hasText: "ask_human" }).click();
  await expect(page.getByRole("complementary", { name: "Node details" })).toContainText("yes");
  await snap(page, testInfo, "answered");
});
