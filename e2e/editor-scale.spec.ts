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

/** The opacity (0–255) of the picture's pixel under a point of the screen; 0 off the picture. */
function pictureAlphaAt(page: Page, point: { x: number; y: number }): Promise<number> {
  return page.locator("canvas.move-snapshot").evaluate((canvas: HTMLCanvasElement, { x, y }) => {
    const rect = canvas.getBoundingClientRect();
    const px = Math.floor(((x - rect.left) * canvas.width) / rect.width);
    const py = Math.floor(((y - rect.top) * canvas.height) / rect.height);
    if (px < 0 || py < 0 || px >= canvas.width || py >= canvas.height) return 0;
    return canvas.getContext("2d")!.getImageData(px, py, 1, 1).data[3]!;
  }, point);
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

  // Moving: the picture is shown with the agent where the drag took it, React Flow's nodes are skipped.
  await expect(canvasHost(page)).toHaveClass(/moving-snapshot/);
  await expect(page.locator("canvas.move-snapshot")).toBeVisible();
  const moved = { x: before.x + by.x + before.width / 2, y: before.y + by.y + before.height / 2 };
  expect(await pictureAlphaAt(page, moved)).toBe(255);
  expect(await pictureAlphaAt(page, { x: moved.x, y: pane.y + 10 })).toBe(0); // empty canvas above the flow
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

test("zooming in past far out ends the picture in the middle of the zoom: the agents show their names again", async ({ page }) => {
  test.setTimeout(120_000);
  await openLargeFlow(page, 10);
  // Every change of the picture's class with the view's zoom then, and every wheel step's time.
  await page.evaluate(() => {
    const host = document.querySelector(".editor-canvas")!;
    const w = window as unknown as { __changes: { at: number; on: boolean; zoom: number }[]; __wheels: number[] };
    w.__changes = [];
    w.__wheels = [];
    new MutationObserver(() => {
      const transform = document.querySelector<HTMLElement>(".react-flow__viewport")!.style.transform;
      w.__changes.push({ at: performance.now(), on: host.classList.contains("moving-snapshot"), zoom: Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]) });
    }).observe(host, { attributes: true, attributeFilter: ["class"] });
    window.addEventListener("wheel", () => w.__wheels.push(performance.now()), { capture: true, passive: true });
  });
  const target = await agentBox(page, "agent_2_1_3");
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2);
  // Wheel steps 33 ms apart: one zoom gesture (it ends 150 ms after its last step), far out to working size.
  for (let i = 0; i < 30; i++) {
    await page.mouse.wheel(0, -200);
    await page.waitForTimeout(33);
  }
  await expect(canvasHost(page)).not.toHaveClass(/moving-snapshot/);
  const { changes, wheels } = await page.evaluate(() => {
    const w = window as unknown as { __changes: { at: number; on: boolean; zoom: number }[]; __wheels: number[] };
    return { changes: w.__changes, wheels: w.__wheels };
  });
  expect(changes.some((change) => change.on)).toBe(true);
  // The picture ended on crossing zoom 0.3: mid-gesture, soon after a wheel step and with more to come
  // (a gesture's own end comes 150 ms after its last step).
  const crossed = changes.find((change) => !change.on && change.zoom >= 0.3);
  expect(crossed).toBeDefined();
  const stepBefore = Math.max(...wheels.filter((at) => at <= crossed!.at));
  expect(crossed!.at - stepBefore).toBeLessThan(100);
  expect(wheels.some((at) => at > crossed!.at)).toBe(true);
  await expect(node(page, "agent_2_1_3").locator(".node-name")).toHaveText("agent_2_1_3");
});

test("a flow of 224 nodes moves as it always did: no picture (its agents are plain boxes far out, but it is under 400 nodes)", async ({ page }) => {
  await openLargeFlow(page, 4);
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  // Zoomed out as far as it goes.
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 400);
  await page.mouse.move(pane.x + 20, pane.y + 20);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(pane.x + 20 + 10 * i, pane.y + 20 + 5 * i);
  await expect(canvasHost(page)).not.toHaveClass(/moving-snapshot/);
  await page.mouse.up();
});
