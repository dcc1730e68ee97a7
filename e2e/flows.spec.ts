import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { openFreshFlow, readDsl, writeDsl } from "./editor-helpers";

const importedPath = "e2e/fixtures/imported.yaml";

async function importDocument(page: Page, name: string, text: string) {
  await page.getByLabel("Import YAML file").setInputFiles({ name, mimeType: "application/yaml", buffer: Buffer.from(text) });
}

/** The app's alert; Next.js's route announcer (also role=alert, always empty) is not one. */
function alertOf(page: Page) {
  return page.getByRole("alert").and(page.locator(".alert"));
}

async function editDocument(page: Page, transform: (text: string) => string) {
  await expect(page.getByLabel("Swarm document")).toBeVisible();
  await writeDsl(page, transform(await readDsl(page)));
}

test("a new team sees the demo flows", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/flows$/);
  const flows = page.getByRole("table", { name: "Flows" });
  for (const name of ["Research, write, review", "Article pipeline", "Support triage"]) {
    await expect(flows.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath("flows-page.png"), fullPage: true });
  await testInfo.attach("flows-page", { path: testInfo.outputPath("flows-page.png"), contentType: "image/png" });
});

test("create, import, edit, save twice, export and delete a flow", async ({ page }) => {
  await page.goto("/flows");

  await page.getByRole("button", { name: "New flow" }).click();
  await page.getByLabel("Name").fill("My first swarm");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { name: "My first swarm" })).toBeVisible();
  await expect.poll(() => readDsl(page)).toMatch(/assistant/);

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByRole("dialog", { name: "Rename flow" }).getByLabel("Name").fill("My renamed swarm");
  await page.getByRole("dialog", { name: "Rename flow" }).getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("heading", { name: "My renamed swarm" })).toBeVisible();

  await page.goto("/flows");
  await expect(page.getByRole("link", { name: "My renamed swarm" })).toBeVisible();
  await importDocument(page, "imported.yaml", readFileSync(importedPath, "utf8"));
  await expect(page.getByRole("heading", { name: "Imported pipeline" })).toBeVisible();
  const flowUrl = page.url();

  await editDocument(page, (text) => text.replace("Plan the work.", "Plan the work carefully."));
  await expect(page.getByText("● unsaved")).toBeVisible();
  await page.getByLabel("Version message").fill("More careful planning");
  await page.getByRole("button", { name: "Save version" }).click();
  await expect(page.getByText("Saved as version 2.")).toBeVisible();

  await editDocument(page, (text) => text.replace("Do the work.", "Do the work well."));
  await page.keyboard.press("Control+s");
  await expect(page.getByText("Saved as version 3.")).toBeVisible();

  await page.getByRole("button", { name: "Show versions" }).click();
  const versions = page.getByRole("region", { name: "Versions" });
  await expect(versions.getByRole("listitem")).toHaveCount(3);
  await expect(versions.getByText("More careful planning")).toBeVisible();

  // An older version opens read-only with its own text.
  await versions.getByRole("link", { name: "Version 2" }).click();
  await expect(page.getByText("You are viewing version 2")).toBeVisible();
  await expect.poll(() => readDsl(page)).toMatch(/Plan the work carefully\.\n[\s\S]*Do the work\.\n/);
  await page.goto(flowUrl);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Export YAML" }).click();
  const exported = readFileSync(await (await download).path(), "utf8");
  const expected = readFileSync(importedPath, "utf8").replace("Plan the work.", "Plan the work carefully.").replace("Do the work.", "Do the work well.");
  expect(exported).toBe(expected);

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete flow" }).click();
  await expect(page).toHaveURL(/\/flows$/);
  await expect(page.getByRole("link", { name: "Imported pipeline" })).toHaveCount(0);

  // The deleted flow's page says so instead of crashing.
  await page.goto(flowUrl);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});

test("bad input gets a clear message and loses nothing", async ({ page }) => {
  await page.goto("/flows");
  await importDocument(page, "broken.yaml", "agents:\n  a: [unclosed\n");
  await expect(alertOf(page)).toContainText("broken.yaml is not a valid swarm document");
  await expect(alertOf(page)).toContainText("line");

  await importDocument(page, "huge.yaml", `agents:\n  a: {instructions: "${"x".repeat(1024 * 1024)}"}\n`);
  await expect(alertOf(page)).toContainText("larger than 1 MiB");

  // Thousands of problems: the first 100 and a count, scrolling inside a dialog that closes.
  const unused = Array.from({ length: 2000 }, (_, i) => `  agent_${i}: { model: "mock:echo" }`).join("\n");
  await importDocument(page, "many.yaml", `agents:\n  main: { model: "mock:echo" }\n${unused}\nswarm: { flow: main }\n`);
  const dialog = page.getByRole("dialog", { name: "The file was not imported" });
  await expect(dialog.getByRole("list", { name: "Problems" }).getByRole("listitem")).toHaveCount(101);
  await expect(dialog).toContainText("and 1900 more problems");
  const box = await dialog.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await page.goto("/flows/no-such-flow");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();

  // A save the server refuses keeps the text in the editor (a flow of its own: the unsaved
  // draft is the server's, shared live).
  await openFreshFlow(page, "Research, write, review");
  const broken = "agents: [this is: not valid\n";
  await writeDsl(page, broken);
  await page.getByRole("button", { name: "Save version" }).click();
  await expect(alertOf(page)).toContainText("The document has errors");
  expect(await readDsl(page)).toBe(broken);

  // ...and survives a reload, as a draft kept in the browser.
  await page.reload();
  await expect(page.getByText("Restored the unsaved changes")).toBeVisible();
  await expect.poll(() => readDsl(page)).toBe(broken);
  await page.getByRole("button", { name: "Discard them" }).click();
  await expect.poll(() => readDsl(page)).toMatch(/researcher/);
  // Discarded for everyone: the shared draft is the saved version again.
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => readDsl(page)).toMatch(/researcher/);
  await expect(page.getByText("Restored the unsaved changes")).toHaveCount(0);
});

test("saving over a teammate's newer version is a conflict, not a silent overwrite", async ({ browser }) => {
  const setup = await browser.newPage();
  await openFreshFlow(setup, "Support triage");
  const url = setup.url();
  await setup.close();
  const alice = await browser.newPage();
  // Bob's live socket is refused: he edits alone, on the version he opened (the non-live path).
  const bobs = await browser.newContext();
  await bobs.routeWebSocket(/\/api\/coedit/, (ws) => ws.close());
  const bob = await bobs.newPage();
  await alice.goto(url);
  await bob.goto(url);

  await editDocument(alice, (text) => text.replace("exactly one name", "exactly one agent name"));
  await alice.getByRole("button", { name: "Save version" }).click();
  await expect(alice.getByText(/Saved as version \d+\./)).toBeVisible();

  await editDocument(bob, (text) => text.replace("invoices, refunds", "invoices, refunds, taxes"));
  await bob.getByRole("button", { name: "Save version" }).click();
  await expect(alertOf(bob)).toContainText(/newer version|conflict|saved/i);
  expect(await readDsl(bob)).toMatch(/taxes/);
  await bob.getByRole("button", { name: /Save mine over version/ }).click();
  await expect(bob.getByText(/Saved as version \d+\./)).toBeVisible();
  // Alice's open, live editor follows the version Bob saved without the socket.
  await expect.poll(() => readDsl(alice)).toMatch(/taxes/);
});
