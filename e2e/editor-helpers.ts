// Shared steps of the editor's Playwright specs: read the DSL, find nodes, draw edges.
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { flowTemplates } from "../lib/demo/flows";

/** The DSL pane's whole text. CodeMirror draws only the visible lines, so ask its view. */
export async function readDsl(page: Page): Promise<string> {
  return page.locator(".dsl-editor .cm-content").evaluate((element) => {
    type Tile = { root?: { view?: { state: { doc: { toString(): string } } } } };
    const tile = (element as HTMLElement & { cmTile?: Tile }).cmTile;
    const view = tile?.root?.view;
    if (!view) throw new Error("no CodeMirror view on the DSL pane");
    return view.state.doc.toString();
  });
}

/** Puts the DSL pane's cursor at the end of the first line that starts with `start`, focused. */
export async function placeCursor(page: Page, start: string) {
  await page.locator(".dsl-editor .cm-content").evaluate((element, prefix) => {
    type View = { state: { doc: { lines: number; line(n: number): { from: number; to: number; text: string } } }; dispatch(spec: object): void; focus(): void };
    const view = (element as HTMLElement & { cmTile?: { root?: { view?: View } } }).cmTile?.root?.view;
    if (!view) throw new Error("no CodeMirror view on the DSL pane");
    for (let n = 1; n <= view.state.doc.lines; n++) {
      const line = view.state.doc.line(n);
      if (!line.text.startsWith(prefix)) continue;
      view.focus();
      view.dispatch({ selection: { anchor: line.to }, scrollIntoView: true });
      return;
    }
    throw new Error(`no line starts with ${prefix}`);
  }, start);
}

/** Replaces the whole DSL text, as typing would. */
export async function writeDsl(page: Page, text: string) {
  const dsl = page.getByLabel("Swarm document");
  await dsl.click();
  await expect(dsl).toBeFocused(); // else Ctrl+A selects the canvas's nodes
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

export function node(page: Page, name: string): Locator {
  return page.locator(`.react-flow__node:has(> [data-testid="node-${name}"])`);
}

export async function snap(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

export async function openFlow(page: Page, name: string) {
  await page.goto("/flows");
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
}

let freshFlows = 0;

/**
 * Imports a copy of a demo flow ("Article pipeline", "Support triage") under a name of its
 * own and opens it in the editor. The unsaved draft is the server's, shared by every tab
 * (live co-editing), so a test that edited the demo flow itself would leave its edits to the
 * next one: each test works on a flow nobody else has touched. Returns the flow's name.
 */
export async function openFreshFlow(page: Page, template: string): Promise<string> {
  const found = flowTemplates.find((candidate) => candidate.name === template);
  if (!found) throw new Error(`no template named ${template}`);
  const name = `${template} ${Date.now().toString(36).slice(-4)}${++freshFlows}`;
  const document = found.document.replace(/^name: .*$/m, `name: ${name}`);
  await page.goto("/flows");
  await page.getByLabel("Import YAML file").setInputFiles({ name: "copy.yaml", mimeType: "application/yaml", buffer: Buffer.from(document) });
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
  return name;
}

/** Clicks the empty canvas, which clears the selection. */
export async function clearSelection(page: Page) {
  await page.locator(".react-flow__pane").click({ position: { x: 8, y: 8 } });
}

/** Drags from one node's >> handle to another's, as a user draws an edge. */
export async function connect(page: Page, from: string, to: string) {
  const source = node(page, from).locator(".react-flow__handle.source:not(.handoff-handle)");
  const target = node(page, to).locator(".react-flow__handle.target:not(.handoff-handle)");
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Clicks a node's title bar, which selects it (a container without its members). */
export async function selectNode(page: Page, name: string) {
  // Clicked again if the first click raced a live-draft update that re-read the graph (see the closing note of 2026-11-22).
  await expect(async () => {
    await node(page, name).locator(".container-header, .node-title").first().click({ position: { x: 60, y: 8 } });
    await expect(inspectorTitle(page)).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

export function inspector(page: Page): Locator {
  return page.getByRole("complementary", { name: "Inspector" });
}

/** The inspector's title ("Agent: triage", "Swarm settings"); its sections have headings of their own. */
export function inspectorTitle(page: Page): Locator {
  return inspector(page).getByRole("heading", { level: 2 });
}

/** Starts a run from the editor's run drawer (opened from the header when it is closed). */
export async function startRun(page: Page, input: string, model = "") {
  const show = page.getByRole("button", { name: "Show the run panel" });
  if (await show.isVisible()) await show.click();
  await page.getByLabel("Run input").fill(input);
  await page.getByLabel("Model override").fill(model);
  await page.getByRole("button", { name: "Run", exact: true }).click();
}
