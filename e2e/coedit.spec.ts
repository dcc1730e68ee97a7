import { type Browser, expect, type Page, test } from "@playwright/test";
import { inspector, node, openFreshFlow, placeCursor, readDsl, selectNode, writeDsl } from "./editor-helpers";

/**
 * Two people in one flow at once (two browser contexts: two tabs of the same person in
 * single-user mode, as the server sees two clients): 200 DSL edits each, interleaved, and
 * both editing one agent's fields from the inspector; both end with the same document,
 * nothing lost, and the saved version holds it all.
 */

async function openTab(browser: Browser, url: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".dsl-editor .cm-content")).toBeVisible();
  return page;
}

/** A fresh flow from the support template, open live in two tabs. */
async function twoTabsOnFreshFlow(browser: Browser): Promise<[Page, Page]> {
  const setup = await browser.newPage();
  await openFreshFlow(setup, "Support triage");
  const url = setup.url();
  await setup.close();
  return [await openTab(browser, url), await openTab(browser, url)];
}

test("two people edit one flow live: 200 interleaved edits each, one agent from both sides, then save", async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const setup = await browser.newPage();
  await setup.goto("/flows");
  await setup.getByRole("button", { name: "New flow" }).click();
  await setup.getByLabel("Name").fill("Live together");
  await setup.getByRole("button", { name: "Create" }).click();
  await expect(setup.getByRole("heading", { name: "Live together" })).toBeVisible();
  const url = setup.url();
  await setup.close();

  const ada = await openTab(browser, url);
  const bob = await openTab(browser, url);
  // Each sees the other one's avatar.
  await expect(ada.locator(".presence-peer")).toHaveCount(1);
  await expect(bob.locator(".presence-peer")).toHaveCount(1);

  await placeCursor(ada, "name:");
  await placeCursor(bob, "  flow:");
  for (let i = 0; i < 200; i++) {
    await Promise.all([ada.keyboard.insertText(`\n# a${i}`), bob.keyboard.insertText(`\n# b${i}`)]);
  }

  // Both change one agent at once: Ada its instructions, Bob its step limit.
  await Promise.all([selectNode(ada, "assistant"), selectNode(bob, "assistant")]);
  await inspector(ada).getByLabel("Instructions").fill("Answer in one sentence, from Ada.");
  await inspector(bob).getByLabel("Max steps").fill("7");
  await inspector(bob).getByLabel("Max steps").press("Tab");
  // A click elsewhere writes pending inspector typing at once.
  await ada.locator(".react-flow__pane").click({ position: { x: 8, y: 8 } });

  await expect.poll(async () => (await readDsl(ada)) === (await readDsl(bob)) && (await readDsl(ada)).includes("max_steps: 7") && (await readDsl(ada)).includes("from Ada"), { timeout: 30_000 }).toBe(true);
  const text = await readDsl(ada);
  for (let i = 0; i < 200; i++) {
    expect(text).toContain(`# a${i}\n`);
    expect(text).toMatch(new RegExp(`# b${i}(\\n|$)`));
  }
  // Each person's lines kept their order.
  expect(text.indexOf("# a199")).toBeGreaterThan(text.indexOf("# a0"));
  expect(text.indexOf("# b199")).toBeGreaterThan(text.indexOf("# b0"));
  await expect(ada.locator(".dsl-pane").getByRole("status")).toHaveText("valid");

  for (const [width, height] of [[1440, 900], [1280, 720], [1024, 768]] as const) {
    await ada.setViewportSize({ width, height });
    await bob.setViewportSize({ width, height });
    await placeCursor(bob, "# b100");
    await ada.screenshot({ path: testInfo.outputPath(`coedit-presence-${width}x${height}.png`) });
  }

  await ada.getByRole("button", { name: "Save version" }).click();
  await expect(ada.getByText(/Saved as version 2/)).toBeVisible();
  const saved = await ada.request.get(`${new URL(url).pathname}/export`);
  expect(await saved.text()).toBe(text);
  await ada.goto(`${url}/versions`);
  await expect(ada.getByText("edited live by Local user")).toBeVisible();
});

test("selecting all and typing over the other person's cursor replaces the text exactly (no name is typed in)", async ({ browser }) => {
  const [ada, bob] = await twoTabsOnFreshFlow(browser);
  // Bob's cursor at the end and at the start of the text: Ada sees his caret there.
  for (const key of ["ControlOrMeta+End", "ControlOrMeta+Home"]) {
    await bob.getByLabel("Swarm document").click();
    await bob.keyboard.press(key);
    await expect(ada.locator(".dsl-editor .cm-remote-caret")).toHaveCount(1);
    // Drawn beside the text, not in it.
    await expect(ada.locator(".dsl-editor .cm-content .cm-remote-caret")).toHaveCount(0);
    const replacement = `${(await readDsl(ada)).replace(/^name: .*$/m, `name: Replaced ${key}`)}# typed over\n`;
    await writeDsl(ada, replacement);
    await expect.poll(() => readDsl(bob)).toBe(replacement);
    expect(await readDsl(ada)).toBe(replacement);
  }
  // The caret says who it is without putting that into the text.
  await expect(ada.locator(".dsl-editor .cm-remote-caret")).toHaveAttribute("data-name", "Local user");
});

test("a draft pasted past the live limit stays on that page, unshared, and reaches the others once shortened and saved", async ({ browser }, testInfo) => {
  const [ada, bob] = await twoTabsOnFreshFlow(browser);
  const original = await readDsl(ada);
  await writeDsl(ada, `# ${"x".repeat(2_200_000)}\n${original}`);
  const status = ada.getByRole("status").filter({ hasText: /^Not live: the draft grew past 2 MiB/ });
  await expect(status).toBeVisible({ timeout: 20_000 });
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 1024, height: 768 }]) {
    await ada.setViewportSize(size);
    await expect(ada.getByRole("button", { name: "Save version" })).toBeInViewport();
    await ada.screenshot({ path: testInfo.outputPath(`draft-too-large-${size.width}x${size.height}.png`) });
  }
  expect(await readDsl(bob)).toBe(original);
  // Shortened and saved, it reaches the others: the live draft follows the saved version.
  await writeDsl(ada, `# shortened\n${original}`);
  await ada.keyboard.press("ControlOrMeta+s");
  await expect(ada.getByText(/Saved as version 2/)).toBeVisible();
  await expect.poll(() => readDsl(bob), { timeout: 20_000 }).toBe(`# shortened\n${original}`);
  await expect(ada.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });
  expect(await readDsl(ada)).toBe(`# shortened\n${original}`);
});

test("Show on the canvas selects the node in a live editor whose shared draft syncs late and differs from the saved version", async ({ browser }) => {
  const setup = await browser.newPage();
  await openFreshFlow(setup, "Support triage");
  const url = setup.url();
  await expect(setup.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });
  // An unsaved live edit: the shared draft is not the saved version.
  await placeCursor(setup, "agents:");
  await setup.keyboard.insertText("\n# unsaved live edit");

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // The server's messages arrive 1.5 s late: the canvas is laid out and focused long before the draft syncs.
  await context.routeWebSocket(/\/api\/coedit/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => setTimeout(() => ws.send(message), 1_500));
  });
  const page = await context.newPage();
  await page.goto(`${url}?node=triage`);
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => readDsl(page)).toContain("# unsaved live edit");
  await expect(inspector(page).getByRole("heading")).toHaveText("Agent: triage");
  await expect(node(page, "triage")).toHaveClass(/selected/);
  await expect(node(page, "triage")).toBeInViewport();
});
