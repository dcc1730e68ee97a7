// A large flow moved far out (issue 17): while the view moves, one canvas picture stands in
// for the agents and edges; when it stops, the real nodes are back exactly where the move
// left them, and they work. Screenshots (moving and still) are attached.
import { expect, type Page, test } from "@playwright/test";
import { largeDocumentText } from "../bench/dsl";
import { inspectorTitle, node, snap } from "./editor-helpers";

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** Imports a flow of `stages` × 50 agents under a name of its own and opens it. */
async function openLargeFlow(page: Page, stages: number) {
  const name = `scale ${Date.now().toString(36)}`;
  const document = largeDocumentText({ stages, compact: true }).replace(/^name: .*$/m, `name: ${name}`);
  await page.goto("/flows");
  await page.getByLabel("Import YAML file").setInputFiles({ name: "large.yaml", mimeType: "application/yaml", buffer: Buffer.from(document) });
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.locator(".react-flow__edge-path").first()).toBeAttached({ timeout: 30_000 });
}

const canvasHost = (page: Page) => page.locator(".editor-canvas");

/** The screen box of an agent, as the page draws it. */
async function agentBox(page: Page, name: string) {
  return (await node(page, name).boundingBox())!;
}

/** How many of the picture's pixels are painted (not transparent). */
function paintedPixels(page: Page): Promise<number> {
  return page.locator("canvas.move-snapshot").evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
    return painted;
  });
}

test("panning a 500-agent flow far out shows a picture while moving, then the real nodes where the move left them", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openLargeFlow(page, 10);
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  const before = await agentBox(page, "agent_3_2_4");
  // From empty canvas above the flow (the fitted flow is a wide band across the middle).
  const from = { x: pane.x + pane.width / 2, y: pane.y + 30 };
  const by = { x: 120, y: 90 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + (by.x * i) / 10, from.y + (by.y * i) / 10);

  // Moving: the picture is shown and painted, React Flow's nodes are skipped.
  await expect(canvasHost(page)).toHaveClass(/moving-snapshot/);
  await expect(page.locator("canvas.move-snapshot")).toBeVisible();
  expect(await paintedPixels(page)).toBeGreaterThan(1_000);
  expect(await page.locator(".react-flow__viewport").evaluate((element) => getComputedStyle(element).contentVisibility)).toBe("hidden");
  await snap(page, testInfo, "moving-1440x900");

  await page.mouse.up();
  await expect(canvasHost(page)).not.toHaveClass(/moving-snapshot/);
  await expect(page.locator("canvas.move-snapshot")).toBeHidden();
  // The real nodes moved with the view, by the drag.
  const after = await agentBox(page, "agent_3_2_4");
  expect(after.x - before.x).toBeCloseTo(by.x, 0);
  expect(after.y - before.y).toBeCloseTo(by.y, 0);
  await snap(page, testInfo, "after-move-1440x900");

  // And they work: a click selects an agent.
  await page.mouse.click(after.x + after.width / 2, after.y + after.height / 2);
  await expect(inspectorTitle(page)).toContainText("agent_3_2_4");
});

test("zooming in past far out ends the picture: the agents show their names again", async ({ page }) => {
  test.setTimeout(120_000);
  await openLargeFlow(page, 10);
  const target = await agentBox(page, "agent_2_1_3");
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2);
  // Wheel steps inside one zoom gesture, from far out to working size.
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -200);
  await expect(canvasHost(page)).not.toHaveClass(/moving-snapshot/);
  await expect(node(page, "agent_2_1_3").locator(".node-name")).toBeVisible();
  await expect(node(page, "agent_2_1_3").locator(".node-name")).toHaveText("agent_2_1_3");
});

test("a small flow moves as it always did: no picture", async ({ page }) => {
  await openLargeFlow(page, 1);
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  // Zoomed out as far as it goes: far out, but only 56 nodes.
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 400);
  await page.mouse.move(pane.x + 20, pane.y + 20);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(pane.x + 20 + 10 * i, pane.y + 20 + 5 * i);
  await expect(canvasHost(page)).not.toHaveClass(/moving-snapshot/);
  await page.mouse.up();
});
