import { expect, type Page, test } from "@playwright/test";
import { clearSelection, connect, node, openFreshFlow, readDsl, selectNode, snap } from "./editor-helpers";

/**
 * The editor, driven as a user would: build the hybrid example from an empty flow with
 * the mouse and keyboard only, edit the DSL, undo everything, redo, save, reload.
 */

/** Adds a node from the palette (into the selected container) and names it in the inspector. */
async function add(page: Page, kind: "Agent" | "Parallel group" | "Serial group" | "Swarm", name: string) {
  await page.getByRole("toolbar", { name: "Palette" }).getByRole("button", { name: `+ ${kind}` }).click();
  const field = page.getByRole("complementary", { name: "Inspector" }).getByLabel("Name", { exact: true });
  await field.fill(name);
  await field.press("Enter");
  await expect(node(page, name)).toBeVisible();
}

/** Drags a node by its title and drops it at the centre of another node. */
async function dragInto(page: Page, name: string, container: string) {
  const from = (await node(page, name).boundingBox())!;
  const to = (await node(page, container).boundingBox())!;
  await page.mouse.move(from.x + 30, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

async function nodeNames(page: Page): Promise<string[]> {
  const ids = await page.locator(".react-flow__node > [data-testid]").evaluateAll((elements) => elements.map((e) => e.getAttribute("data-testid")!));
  return ids.map((id) => id.replace(/^node-/, "")).sort();
}

test("build the hybrid example on the canvas, edit the DSL, undo to empty, redo, save and reload", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto("/flows");
  await page.getByRole("button", { name: "New flow" }).click();
  await page.getByLabel("Name").fill("Hybrid by hand");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(node(page, "assistant")).toBeVisible();

  // Empty it: the template's one agent goes.
  await node(page, "assistant").click();
  await page.keyboard.press("Delete");
  await expect(page.locator(".react-flow__node")).toHaveCount(0);
  await snap(page, testInfo, "1-empty");

  await add(page, "Agent", "intro");
  await clearSelection(page);
  await add(page, "Swarm", "article");
  await add(page, "Parallel group", "research"); // into the selected swarm
  await add(page, "Agent", "history_researcher"); // into the selected group
  await selectNode(page, "research");
  await add(page, "Agent", "science_researcher");
  await selectNode(page, "article");
  await add(page, "Serial group", "editing");
  await add(page, "Agent", "drafter");
  // The last member is dropped in by dragging it from the top level.
  await clearSelection(page);
  await add(page, "Agent", "editor");
  await page.keyboard.press("Shift+L");
  await expect(page.getByRole("button", { name: "Auto-layout" })).toBeEnabled();
  await page.waitForTimeout(400);
  await dragInto(page, "editor", "editing");
  await expect(page.getByRole("button", { name: "↶ Undo" })).toHaveAttribute("title", /Move into editing/);
  await page.keyboard.press("Shift+L");
  await page.waitForTimeout(400);
  await snap(page, testInfo, "2-nodes-placed");

  await connect(page, "intro", "article");
  await connect(page, "research", "editing");
  await page.keyboard.press("Shift+L");
  await page.waitForTimeout(400);
  await snap(page, testInfo, "3-hybrid-built");

  const built = await readDsl(page);
  expect(built).toMatch(/^swarm:\n {2}type: workflow\n {2}flow: intro >> article$/m);
  expect(built).toMatch(/^ {2}article:\n {4}type: workflow\n {4}flow: research >> editing$/m);
  expect(built).toMatch(/^ {2}research:\n {4}type: parallel\n {4}agents: \[ ?history_researcher, science_researcher ?\]$/m);
  expect(built).toMatch(/^ {2}editing:\n {4}type: serial\n {4}agents: \[ ?drafter, editor ?\]$/m);
  for (const agent of ["intro", "history_researcher", "science_researcher", "drafter", "editor"]) expect(built).toMatch(new RegExp(`^ {2}${agent}:\\n {4}model: mock:echo$`, "m"));
  await expect(page.getByRole("region", { name: "DSL" }).getByRole("status")).toHaveText("valid");

  // Edit the DSL text: a new agent at the end of the flow appears on the canvas.
  const edited = built
    .replace(/^agents:\n/m, "agents:\n  summary:\n    model: mock:echo\n    instructions: Summarize the article.\n")
    .replace("flow: intro >> article", "flow: intro >> article >> summary");
  const dsl = page.getByLabel("Swarm document");
  await dsl.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(edited);
  await expect(node(page, "summary")).toBeVisible();
  await expect(page.locator(".react-flow__edge")).not.toHaveCount(0);
  await snap(page, testInfo, "4-dsl-edited");
  const full = await nodeNames(page);
  expect(full).toEqual(["article", "drafter", "editing", "editor", "history_researcher", "intro", "research", "science_researcher", "summary"]);

  // A broken DSL keeps the canvas as it was and says where the problem is.
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.insertText("\nswarms: [oops");
  await expect(page.getByRole("list", { name: "Problems" })).toBeVisible();
  await expect(page.getByText(/The DSL has problems the canvas cannot show/)).toBeVisible();
  expect(await nodeNames(page)).toEqual(full);
  await snap(page, testInfo, "5-dsl-error");

  // Undo every step, canvas and DSL alike, back to the empty flow.
  await page.locator(".react-flow__pane").click({ position: { x: 8, y: 8 } });
  const undo = page.getByRole("button", { name: "↶ Undo" });
  for (let i = 0; i < 80 && (await page.locator(".react-flow__node").count()) > 0; i++) await page.keyboard.press("ControlOrMeta+z");
  await expect(page.locator(".react-flow__node")).toHaveCount(0);
  await snap(page, testInfo, "6-undone-to-empty");
  expect(await undo.isEnabled()).toBe(true); // the template's agent is one more step back

  // Redo all of it, then drop the broken line with one more undo.
  const redo = page.getByRole("button", { name: "↷ Redo" });
  for (let i = 0; i < 80 && (await redo.isEnabled()); i++) await page.keyboard.press("ControlOrMeta+Shift+z");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(page.getByRole("region", { name: "DSL" }).getByRole("status")).toHaveText("valid");
  expect(await nodeNames(page)).toEqual(full);
  const finalText = await readDsl(page);
  expect(finalText).toContain("flow: intro >> article >> summary");

  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByText("Saved as version 2.")).toBeVisible();
  await page.reload();
  await expect(node(page, "summary")).toBeVisible();
  expect(await nodeNames(page)).toEqual(full);
  expect(await readDsl(page)).toBe(finalText);
  await expect(page.getByText("● unsaved")).toHaveCount(0);
  await snap(page, testInfo, "7-saved-and-reloaded");
});

test("handoffs, copy/paste, duplicate and the shortcuts popover", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openFreshFlow(page, "Support triage");
  await expect(node(page, "billing")).toBeVisible();
  await expect(page.locator(".react-flow__edge-path.edge-handoff")).toHaveCount(2);

  // A handoff is drawn from an agent's bottom handle to another's top handle.
  const from = (await node(page, "billing").locator(".react-flow__handle.source.handoff-handle").boundingBox())!;
  const to = (await node(page, "technical").locator(".react-flow__handle.target.handoff-handle").boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(page.locator(".react-flow__edge-path.edge-handoff")).toHaveCount(3);
  expect(await readDsl(page)).toMatch(/^ {2}billing:\n(?: {4}.*\n)*? {4}handoffs: \[ ?technical ?\]$/m);
  await expect(node(page, "technical").locator(".role-badge")).toHaveText("handoff target");

  await page.getByRole("button", { name: "Shortcuts" }).click();
  await expect(page.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
  await snap(page, testInfo, "handoffs-and-shortcuts");
  await page.keyboard.press("Escape");

  await node(page, "billing").click();
  await page.keyboard.press("ControlOrMeta+c");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(node(page, "billing_2")).toBeVisible();
  await page.keyboard.press("ControlOrMeta+d");
  await expect(node(page, "billing_3")).toBeVisible();
  expect(await readDsl(page)).toMatch(/^ {2}billing_3:$/m);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(node(page, "billing_3")).toHaveCount(0);
});

test("collapse a nested swarm, drag an agent out of its group, add one by dragging from the palette", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openFreshFlow(page, "Article pipeline");
  await expect(node(page, "science_researcher")).toBeVisible();

  await page.getByRole("button", { name: "Collapse article" }).click();
  await expect(node(page, "science_researcher")).toBeHidden();
  await expect(node(page, "article")).toBeVisible();
  await snap(page, testInfo, "collapsed");
  await page.getByRole("button", { name: "Expand article" }).click();
  await expect(node(page, "science_researcher")).toBeVisible();

  // Out of the parallel group (and its swarm) onto the empty canvas below.
  const member = (await node(page, "science_researcher").boundingBox())!;
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  await page.mouse.move(member.x + 30, member.y + 10);
  await page.mouse.down();
  await page.mouse.move(member.x + 30, pane.y + pane.height - 40, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByRole("button", { name: "↶ Undo" })).toHaveAttribute("title", /Take out of group/);
  expect(await readDsl(page)).toMatch(/^ {2}research:\n {4}type: parallel\n {4}agents: \[ ?history_researcher ?\]$/m);

  await page.getByRole("toolbar", { name: "Palette" }).getByRole("button", { name: "+ Agent" }).dragTo(page.locator(".react-flow__pane"), { targetPosition: { x: 60, y: 60 } });
  await expect(node(page, "agent_1")).toBeVisible();
  await snap(page, testInfo, "dragged-out-and-dropped-in");
});
