// A code tool from the editor to the timeline: write it in the tool panel, test it with
// sample arguments (its result and a log line), give it to an agent whose mock model
// calls it, save, run, and see the call in the timeline with the "code" badge and its console.
import { expect, type Page, test } from "@playwright/test";
import { clearSelection, inspector, readDsl, selectNode, snap, startRun } from "./editor-helpers";

const FLOW = `name: Shouting
agents:
  shouter:
    model: 'mock:tool?name=shout&args={"text":"hello tools"}'
    instructions: Shout the input.
swarm: { type: workflow, flow: shouter }
`;

const CODE = 'console.log("shouting", args.text);\nreturn { loud: args.text.toUpperCase() + "!" };';

/** Replaces the tool panel's code, as typing would (CodeMirror). */
async function writeCode(page: Page, code: string) {
  const editor = page.getByLabel("Tool code");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code);
}

test("write a code tool in the editor, test it, use it in a flow and see its call in the timeline", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/flows");
  await page.getByLabel("Import YAML file").setInputFiles({ name: "shouting.yaml", mimeType: "application/yaml", buffer: Buffer.from(FLOW) });
  await expect(page.getByRole("heading", { name: "Shouting" })).toBeVisible();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();

  // A new code tool, from the swarm settings' Tools list.
  await clearSelection(page);
  const tools = inspector(page).getByRole("region", { name: "Tools" });
  await expect(tools.getByRole("group", { name: "Built-in tools" })).toContainText("calculator");
  await tools.getByRole("button", { name: "New code tool" }).click();
  const panel = page.getByRole("dialog", { name: "Tool tool_1" });
  await expect(panel).toBeVisible();
  const name = panel.getByLabel("Name (agents use it)");
  // Keyboard focus starts in the panel's first field and stays in the panel.
  await expect(name).toBeFocused();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Shift+Tab"); // Done, Delete tool, then around to the panel's last control
    await expect(panel.locator(":focus")).toHaveCount(1);
  }
  await name.fill("shout");
  await name.press("Enter");
  const shout = page.getByRole("dialog", { name: "Tool shout" });
  await expect(shout).toBeVisible();
  await shout.getByLabel("Description (the model reads it)").fill("Shouts a text back in capitals");
  await writeCode(page, CODE);
  await expect.poll(() => readDsl(page)).toContain("shout:");

  // The parameters as JSON show what the form made; back to the form.
  await shout.getByRole("button", { name: "JSON" }).click();
  await expect(shout.getByLabel("Parameters as JSON Schema")).toHaveValue(/"required": \[\s*"text"\s*\]/);
  await shout.getByRole("button", { name: "Form" }).click();
  await expect(shout.getByLabel("Parameter 1 name")).toHaveValue("text");

  // Test with sample arguments: the result and the log line.
  await shout.getByLabel("Sample arguments").fill('{ "text": "hi there" }');
  await shout.getByRole("button", { name: "Test", exact: true }).click();
  const outcome = shout.getByRole("status", { name: "Test outcome" });
  await expect(outcome).toContainText('"loud": "HI THERE!"');
  await expect(outcome.getByRole("list", { name: "Logs" })).toContainText("shouting hi there");
  await expect(shout).toContainText(/took \d/);

  // Screenshots of the panel: its controls visible without scrolling.
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const control of [shout.getByLabel("Name (agents use it)"), shout.getByLabel("Tool code"), shout.getByRole("button", { name: "Test", exact: true }), shout.getByRole("button", { name: "Done" })]) {
      await expect(control).toBeInViewport();
    }
    await snap(page, testInfo, `tool-panel-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // A failing call says what and where.
  await writeCode(page, "const x = 1;\nthrow new Error('nope');");
  await shout.getByRole("button", { name: "Test", exact: true }).click();
  await expect(shout.getByRole("alert")).toContainText("Threw an error (line 2): Error: nope");
  await writeCode(page, CODE);
  await shout.getByRole("button", { name: "Done" }).click();
  await expect(shout).toBeHidden();

  // The agent picks it from the document's code tools; save and run.
  await selectNode(page, "shouter");
  await inspector(page).getByRole("group", { name: "This flow's code tools" }).getByLabel("shout").check();
  await expect.poll(() => readDsl(page)).toMatch(/tools: \[ ?shout ?\]|tools:\n\s*- shout/);
  await page.getByRole("button", { name: "Save version" }).click();
  await expect(page.getByText(/Saved as version 2/)).toBeVisible();
  await startRun(page, "go");
  await expect(page.getByTestId("run-overlay-shouter")).toHaveAttribute("data-run-status", "success", { timeout: 30_000 });

  // The call in the timeline, with the code badge, and its result.
  await page.getByRole("link", { name: "Open timeline" }).click();
  const call = page.locator('.timeline-row[data-kind="tool_call"]');
  await expect(call).toHaveAttribute("data-status", "success");
  await expect(call.locator('[data-tool-kind="code"]')).toHaveText("code");
  await call.click();
  const detail = page.getByRole("complementary", { name: "Node details" });
  await expect(detail.locator('[data-tool-kind="code"]')).toBeVisible();
  await expect(detail).toContainText("HELLO TOOLS!");
  // What the tool logged during the run is kept on its call.
  await expect(detail.getByRole("region", { name: "Console" }).getByRole("list", { name: "Logs" })).toContainText("shouting hello tools");
  await snap(page, testInfo, "timeline-code-tool-call");
});

test("a team tool from Settings → Tools: written, tested, saved, then offered to every flow's agents", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/settings/tools");
  await expect(page.getByRole("heading", { name: "Add a tool" })).toBeVisible();
  await page.getByLabel("Name (agents use it)").fill("word_count");
  await page.getByLabel("Description (the model reads it)").fill("Counts the words of a text");
  await writeCode(page, 'console.info("counting");\nreturn { words: args.text.trim().split(/\\s+/).length };');
  await page.getByLabel("Sample arguments").fill('{ "text": "one two three" }');
  await page.getByRole("button", { name: "Test", exact: true }).click();
  await expect(page.getByRole("status", { name: "Test outcome" })).toContainText('"words": 3');
  await expect(page.getByRole("list", { name: "Logs" })).toContainText("[info] counting");
  await snap(page, testInfo, "settings-tools-1280x720");
  await page.getByRole("button", { name: "Add the tool" }).click();
  await expect(page.getByRole("heading", { name: "Edit word_count" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "word_count" })).toBeVisible();

  // The editor lists it among the team's tools, for the swarm and for each agent.
  await page.goto("/flows");
  await page.getByRole("link", { name: "Shouting", exact: true }).click();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
  await clearSelection(page);
  await expect(inspector(page).getByRole("group", { name: "Team tools" })).toContainText("word_count");
  await selectNode(page, "shouter");
  await inspector(page).getByRole("group", { name: "Team tools" }).getByLabel("word_count").check();
  await expect.poll(() => readDsl(page)).toMatch(/word_count/);
  await expect(inspector(page).locator(".field-issues")).toHaveCount(0);
});
