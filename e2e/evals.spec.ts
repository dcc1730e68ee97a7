// Evaluations as a user meets them: import a 20-row JSONL dataset (a bad file first: every
// bad line named, the text kept), evaluate two versions of a mock: flow against each other
// from its history, see the comparison with the worse rows first, open a cell's timeline.
import { expect, type Page, test } from "@playwright/test";
import { readDsl, writeDsl } from "./editor-helpers";

const FLOW = `name: Echo QA
agents:
  answerer: { model: "mock:echo", instructions: "Answer the question." }
swarm: { type: workflow, flow: answerer }
`;

const ROWS = Array.from({ length: 20 }, (_, i) => JSON.stringify({ input: `capital of country ${i + 1}`, expected: `country ${i + 1}`, tags: [i % 2 ? "odd" : "even"] })).join("\n");
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

async function shots(page: Page, name: string, outputPath: (name: string) => string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]!);
}

test("import a dataset, evaluate v2 against v1, compare (worse first), open a cell's run", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const out = (name: string) => testInfo.outputPath(name);
  await page.setViewportSize(SIZES[0]!);

  // A flow with two versions: v1 echoes the question, v2 always answers "country 3".
  await page.goto("/flows");
  await page.getByLabel("Import YAML file").setInputFiles({ name: "echo.yaml", mimeType: "application/yaml", buffer: Buffer.from(FLOW) });
  await expect(page.getByRole("heading", { name: "Echo QA" })).toBeVisible();
  const flowUrl = page.url();
  await expect(page.getByLabel("Swarm document")).toBeVisible();
  await writeDsl(page, (await readDsl(page)).replace("mock:echo", "mock:reply?text=country 3"));
  await page.getByRole("button", { name: "Save version" }).click();
  await expect(page.getByText("Saved as version 2.")).toBeVisible();

  // Datasets are in the main navigation; a bad file is refused line by line and kept.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Datasets" }).click();
  await expect(page.getByRole("heading", { name: "Datasets", exact: true })).toBeVisible();
  const form = page.getByRole("form", { name: "New dataset" });
  await form.getByLabel("Name").fill("Capitals");
  const broken = ROWS.replace('{"input":"capital of country 4"', '{"input":""').replace('{"input":"capital of country 9",', "{oops,");
  await form.locator('input[type="file"]').setInputFiles({ name: "capitals.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(broken) });
  await form.getByRole("button", { name: "Import rows" }).click();
  const problems = form.getByRole("list", { name: "Problems" });
  await expect(problems.getByRole("listitem")).toHaveText(["line 4: input is empty", /^line 9: not valid JSON/]);
  await expect(form.locator("textarea")).toHaveValue(broken);
  await shots(page, "dataset-import-errors", out);

  await form.locator("textarea").fill(ROWS);
  await form.getByRole("button", { name: "Import rows" }).click();
  await expect(page.getByRole("heading", { name: "Capitals" })).toBeVisible();
  await expect(page.getByText("v1 · 20 rows")).toBeVisible();
  await shots(page, "dataset", out);

  // From the flow's history: "Evaluate v2 against v1" over the dataset, then the comparison.
  await page.goto(`${flowUrl}/versions`);
  const versus = page.getByRole("form", { name: "Evaluate versions" });
  await versus.getByRole("button", { name: "Evaluate v2 against v1" }).click();
  await expect(page).toHaveURL(/\/evaluations\/compare\?ids=/, { timeout: 60_000 });
  await expect(page.getByTestId("compare-counts")).toHaveText("19 worse, 0 better, 1 the same", { timeout: 60_000 });
  await expect(page.locator(".compare-aggregates .eval-status.running")).toHaveCount(0, { timeout: 60_000 });
  const rows = page.getByTestId("compare-row");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toHaveAttribute("data-change", "worse");
  await expect(rows.last()).toHaveAttribute("data-change", "same");
  await expect(rows.last()).toContainText("capital of country 3");
  await expect(page.getByRole("definition").filter({ hasText: "100.0% (20/20)" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "5.0% (1/20)" })).toBeVisible();
  await shots(page, "compare", out);

  // Evaluations are in the navigation too; each lists its rows with their runs.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Evaluations" }).click();
  await expect(page.getByRole("link", { name: "Echo QA v2" })).toBeVisible();
  await page.getByRole("link", { name: "Echo QA v2" }).click();
  await expect(page.getByTestId("evaluation-status")).toHaveText("success");
  await expect(page.getByTestId("evaluation-progress")).toHaveText("20/20 rows done");
  await expect(page.getByText(/^Fail: the pass rate 5\.0% is worse than the baseline's 100\.0%/)).toBeVisible();
  await shots(page, "evaluation", out);

  // A cell opens its run's timeline.
  await page.getByRole("link", { name: "Compare with the baseline" }).click();
  await page.getByTestId("compare-cell-link").first().click();
  await expect(page).toHaveURL(/\/runs\/[^/?]+$/);
  await expect(page.locator(".timeline-row").first()).toBeVisible();
  await shots(page, "run-from-cell", out);

  // The editor's unsaved draft: an invalid one is refused with its problems, a valid one is
  // evaluated from a kept copy and listed beside the versions.
  await page.goto(flowUrl);
  await expect(page.getByLabel("Swarm document")).toBeVisible();
  const saved = await readDsl(page);
  await writeDsl(page, saved.replace("flow: answerer", "flow: nobody"));
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Evaluate this draft…" }).click();
  const dialog = page.getByRole("form", { name: "Evaluate this draft" });
  await expect(page.getByRole("combobox", { name: "Dataset", exact: true })).toHaveValue(/.+/);
  await dialog.getByRole("button", { name: "Start evaluation" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The draft has errors");
  await shots(page, "draft-invalid", out);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await writeDsl(page, saved.replace("mock:reply?text=country 3", "mock:reply?text=country 7"));
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Evaluate this draft…" }).click();
  await dialog.getByRole("button", { name: "Start evaluation" }).click();
  await expect(page).toHaveURL(/\/evaluations\/[^/?]+$/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Echo QA draft 1 over Capitals v1" })).toBeVisible();
  await expect(page.getByTestId("evaluation-status")).toHaveText("success", { timeout: 60_000 });
  await expect(page.getByTestId("evaluation-progress")).toHaveText("20/20 rows done");
  await page.getByTestId("draft-document").locator("summary").click();
  await expect(page.getByTestId("draft-document")).toContainText("mock:reply?text=country 7");
  await shots(page, "draft-evaluation", out);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Evaluations" }).click();
  await expect(page.getByRole("link", { name: "Echo QA draft 1" })).toBeVisible();
});
