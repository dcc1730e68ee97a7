// Issue 11's remaining parts, as a user meets them: typing in the inspector, model strings
// checked before a run, one flow name, the canvas and the run's timeline pointing at each
// other. Screenshots at 1440×900, 1280×720 and 1024×768 are attached.
import { expect, type Page, test } from "@playwright/test";
import { inspector, inspectorTitle, node, readDsl, selectNode, snap, startRun, writeDsl } from "./editor-helpers";

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const;

/** The server inherits this environment: with a key there, "no key" cannot be shown. */
const serverHasOpenAiKey = Boolean(process.env.OPENAI_API_KEY);

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** A new flow from a template, opened in the editor (the demo flows stay as other specs expect them). */
async function newFlow(page: Page, name: string, template: string) {
  await page.goto("/flows");
  await page.getByRole("button", { name: "New flow" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Start from").selectOption({ label: template });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
}

async function modelField(page: Page) {
  return inspector(page).getByLabel("Model (any provider:model)");
}

test("typing in the inspector: the field shows each key, the DSL follows when the typing pauses; handoffs are picked from a list", async ({ page }) => {
  await newFlow(page, "Typing test", "Support triage");
  await selectNode(page, "billing");
  const instructions = inspector(page).getByLabel("Instructions");
  await instructions.click();
  await instructions.press("End");
  await page.keyboard.type(" Be brief.");
  await expect(instructions).toHaveValue(/Be brief\.$/);
  // Written into the document once the typing pauses (not one whole-document write per key).
  await expect.poll(() => readDsl(page), { timeout: 5_000 }).toMatch(/Be brief\./);

  // A handoff is added from a list and removed with its button (no checkbox per agent).
  const add = inspector(page).getByRole("combobox", { name: "Add a handoff" });
  await add.selectOption("technical");
  await expect(inspector(page).getByRole("list", { name: "Hands off to" })).toContainText("technical");
  await expect.poll(() => readDsl(page)).toMatch(/^ {2}billing:\n(?: {4}.*\n)*? {4}handoffs: \[ ?technical ?\]$/m);
  await inspector(page).getByRole("button", { name: "Remove the handoff to technical" }).click();
  await expect.poll(() => readDsl(page)).not.toMatch(/^ {2}billing:\n(?: {4}.*\n)*? {4}handoffs:/m);
});

test("model strings are checked in the editor: a bad mock model is a problem on the node, a model without a key a warning there and in the run panel", async ({ page }, testInfo) => {
  await newFlow(page, "Model check test", "Support triage");
  await selectNode(page, "billing");
  const model = await modelField(page);
  await model.fill("mock:echo?latency=abc");
  await expect(node(page, "billing").locator(".node-issue")).toHaveAttribute("title", /'mock:echo\?latency=abc' will not run: .*latency/);
  await expect(inspector(page).locator(".field-issues")).toContainText("will not run");

  // The picker lists the mock models; providers without a key are there, disabled, saying so.
  const picker = inspector(page).getByLabel("Pick a model");
  await picker.selectOption("mock:reply?text=Hello");
  await expect(model).toHaveValue("mock:reply?text=Hello");
  await expect(node(page, "billing").locator(".node-issue")).toHaveCount(0);
  test.skip(serverHasOpenAiKey, "the server has an OpenAI key in its environment");
  await expect(picker.locator("optgroup[disabled]").first()).toHaveAttribute("label", /OpenAI.*no key/);

  await model.fill("openai:gpt-4o-mini");
  const marker = node(page, "billing").locator(".node-issue.warning");
  await expect(marker).toHaveAttribute("title", /No OpenAI key: 'openai:gpt-4o-mini' will fail when run/);
  await expect(inspector(page).locator(".field-issues li.warning")).toContainText("Settings → Provider keys");
  await snap(page, testInfo, "model-warning-1440x900");

  // Saved, the run panel says which agents will fail before anything runs.
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByText(/Saved as version/)).toBeVisible();
  const show = page.getByRole("button", { name: "Show the run panel" });
  if (await show.isVisible()) await show.click();
  const warnings = page.getByRole("status", { name: "Before you run" });
  await expect(warnings).toContainText(/No OpenAI key: billing will fail/);
  // A model override for every agent is checked alone.
  await page.getByLabel("Model override").fill("mock:echo");
  await expect(warnings).toHaveCount(0);
  await page.getByLabel("Model override").fill("mock:ecko");
  await expect(warnings).toContainText("will not run");
  await page.getByLabel("Model override").fill("");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(warnings).toBeVisible();
    await snap(page, testInfo, `run-panel-warning-${size.width}x${size.height}`);
  }
});

test("one flow name: created, renamed and exported, the list, the header and the document say the same", async ({ page }, testInfo) => {
  await newFlow(page, "UX test swarm", "Blank");
  await expect(page.getByRole("heading", { name: "UX test swarm" })).toBeVisible();
  await expect.poll(() => readDsl(page)).toMatch(/^name: UX test swarm\n+description: One agent/m);

  // Renamed from the header: a new version whose document says so; the editor follows.
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByRole("dialog", { name: "Rename flow" }).getByLabel("Name").fill("Renamed swarm");
  await page.getByRole("dialog", { name: "Rename flow" }).getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("heading", { name: "Renamed swarm" })).toBeVisible();
  await expect.poll(() => readDsl(page)).toMatch(/^name: Renamed swarm$/m);

  // Renamed in the document and saved: the flow is renamed with it.
  await inspector(page).getByLabel("Flow name (in the document)").fill("Named in the DSL");
  await inspector(page).getByLabel("Description (shown in the flow list)").fill("Described in the editor");
  // Before the save, the inspector says the list name will follow (and offers to keep the old one).
  await expect(inspector(page).getByRole("status")).toContainText("The flow list calls this flow “Renamed swarm”; saving renames it to “Named in the DSL”.");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByRole("heading", { name: "Named in the DSL" })).toBeVisible();
  await snap(page, testInfo, "one-name-1440x900");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Export YAML" }).click();
  expect((await download).suggestedFilename()).toBe("named-in-the-dsl.yaml");
  await page.goto("/flows");
  await expect(page.getByRole("link", { name: "Named in the DSL", exact: true })).toBeVisible();
  await expect(page.getByText("Described in the editor")).toBeVisible();
});

test("a click on a canvas node points the run's rows at it, a click on a row selects and centres the node, and the timeline page links back", async ({ page }, testInfo) => {
  await newFlow(page, "Focus test", "Support triage");
  await startRun(page, "my invoice is wrong"); // triage hands off to billing
  const current = page.getByLabel("Current run");
  await expect(current.locator('[data-status="success"]').first()).toBeVisible({ timeout: 30_000 });
  const rows = page.getByRole("list", { name: "Agents in this run" });

  // Canvas → rows.
  await selectNode(page, "billing");
  await expect(rows.locator('li[data-agent="billing"]')).toHaveAttribute("aria-current", "true");
  await expect(rows.locator('li[data-agent="billing"]')).toBeInViewport();

  // Rows → canvas: the node is selected, shown in the inspector and in view.
  await rows.getByRole("button", { name: /triage/ }).click();
  await expect(inspectorTitle(page)).toHaveText("Agent: triage");
  await expect(node(page, "triage")).toHaveClass(/selected/);
  await expect(node(page, "triage")).toBeInViewport();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, testInfo, `focus-drawer-${size.width}x${size.height}`);
  }
  await page.setViewportSize(SIZES[0]);

  // The timeline opens on the focused agent's rows, and its detail links back to the canvas.
  await current.getByRole("link", { name: "Open timeline" }).click();
  const row = page.locator('.timeline-row[data-kind="agent"][aria-selected="true"]');
  await expect(row).toContainText("triage");
  await expect(row).toBeInViewport();
  await snap(page, testInfo, "focus-timeline-1440x900");
  await page.getByRole("complementary", { name: "Node details" }).getByRole("link", { name: "Show on the canvas" }).click();
  await expect(inspectorTitle(page)).toHaveText("Agent: triage");
  await expect(node(page, "triage")).toBeInViewport();
});

test("a share shows the canvas read-only and its runs' timelines; a version compare marks added, removed and changed nodes on two canvases", async ({ page, browser }, testInfo) => {
  await newFlow(page, "Share test", "Support triage");
  const flowUrl = page.url();
  await startRun(page, "my invoice is wrong");
  await expect(page.getByLabel("Current run").locator('[data-status="success"]').first()).toBeVisible({ timeout: 30_000 });

  // Version 2: billing removed, technical changed, a new agent added.
  await selectNode(page, "billing");
  await page.keyboard.press("Delete");
  await selectNode(page, "technical");
  await inspector(page).getByLabel("Instructions").fill("Answer technical questions.");
  await expect.poll(() => readDsl(page)).toMatch(/Answer technical questions\./);
  const text = await readDsl(page);
  await writeDsl(page, text.replace("agents:\n", "agents:\n  helper:\n    model: mock:echo\n").replace("flow: triage >> technical", "flow: triage >> technical >> helper"));
  await expect(node(page, "helper")).toBeVisible();
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByText(/Saved as version 2/)).toBeVisible();
  await page.goto(`${flowUrl}/versions/compare?from=1&to=2`);
  const before = page.getByRole("region", { name: "Version 1" });
  const after = page.getByRole("region", { name: "Version 2" });
  await expect(before.locator(".react-flow__node.change-removed")).toHaveAttribute("data-id", "billing");
  await expect(before.locator(".react-flow__node.change-changed").first()).toBeVisible();
  await expect(after.locator('.react-flow__node.change-added[data-id="helper"]')).toBeVisible();
  await expect(after.locator('.react-flow__node.change-changed[data-id="technical"]')).toBeVisible();
  await snap(page, testInfo, "compare-canvases-1440x900");

  // Shared with its runs: signed out, the canvas (read-only) and a run's timeline.
  const flowId = new URL(flowUrl).pathname.split("/")[2];
  await page.goto(`/settings/share-links?flow=${flowId}`);
  await page.getByLabel("include its runs").check();
  await page.getByRole("button", { name: "Create share link" }).click();
  const shareUrl = await page.getByLabel("Share link", { exact: true }).inputValue();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.setViewportSize({ width: 1440, height: 900 });
  await visitor.goto(shareUrl);
  const canvas = visitor.getByRole("region", { name: "Canvas" });
  await expect(canvas.locator('.react-flow__node[data-id="technical"]')).toBeVisible();
  await expect(visitor.getByRole("button", { name: "+ Agent" })).toHaveCount(0);
  for (const size of SIZES) {
    await visitor.setViewportSize(size);
    await snap(visitor, testInfo, `share-canvas-${size.width}x${size.height}`);
  }
  await visitor.setViewportSize(SIZES[0]);
  await visitor.getByTitle("Open its timeline").first().click();
  await expect(visitor.getByRole("heading", { name: /Run of Share test/ })).toBeVisible();
  await expect(visitor.locator('.timeline-row[data-kind="agent"]').filter({ hasText: "triage" }).first()).toBeVisible();
  await snap(visitor, testInfo, "share-run-timeline-1440x900");
});
