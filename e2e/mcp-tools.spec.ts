// Settings → MCP servers, then a run: an owner adds a server of ours (its header never shown
// again), its tools are listed, a flow binds one, and the run's timeline shows the call.
// The e2e server allows 127.0.0.1 for MCP (SWARM_MCP_ALLOWED_CIDRS in scripts/e2e-server.mjs).
import { expect, test } from "@playwright/test";
import { startFakeMcpServer, type FakeMcpServer } from "../tests/tools/fakes/mcpServer";
import { readDsl, startRun } from "./editor-helpers";

const TOKEN = "Bearer e2e-mcp-token-7788990011";

const FLOW = `name: MCP flow
tools:
  lookup:
    mcp: { server: tracker, tool: echo }
agents:
  triager:
    model: 'mock:tool?name=lookup&args={"text":"ticket 42"}'
    instructions: Look the ticket up.
    tools: [lookup]
swarm:
  type: workflow
  flow: triager
`;

let fake: FakeMcpServer;
test.beforeAll(async () => {
  fake = await startFakeMcpServer({ requireAuthorization: TOKEN });
});
test.afterAll(() => fake.close());

test("add an MCP server, see its tools, and run a flow that calls one", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto("/settings/mcp");
  await page.getByLabel("Name").fill("tracker");
  await page.getByLabel("Streamable HTTP URL").fill(fake.url);
  await page.getByLabel(/Headers \(optional/).fill(`Authorization: ${TOKEN}`);
  await page.getByRole("button", { name: "Add server" }).click();
  const row = page.getByRole("row", { name: /tracker/ });
  await expect(row.getByText("5 tools")).toBeVisible();
  await expect(row.getByRole("cell", { name: "authorization", exact: true })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("e2e-mcp-token");
  await row.getByText("5 tools").click();
  await expect(row.getByText("Echoes the text back")).toBeVisible();
  for (const [width, height] of [[1440, 900], [1280, 720], [1024, 768]] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole("button", { name: "List tools again" })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`mcp-settings-${width}x${height}.png`) });
  }

  // A bad URL is named, and what was typed stays.
  await page.getByLabel("Name").fill("broken");
  await page.getByLabel("Streamable HTTP URL").fill("ftp://example.com/mcp");
  await page.getByRole("button", { name: "Add server" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "URL" })).toContainText("starts with http:// or https://");
  await expect(page.getByLabel("Name")).toHaveValue("broken");

  await page.goto("/flows");
  await page.getByLabel("Import YAML file").setInputFiles({ name: "mcp.yaml", mimeType: "application/yaml", buffer: Buffer.from(FLOW) });
  await expect(page.getByRole("heading", { name: "MCP flow" })).toBeVisible();
  await startRun(page, "triage it");
  await page.getByRole("link", { name: "Open timeline" }).click();
  const call = page.locator('.timeline-row[data-kind="tool_call"]');
  await expect(call).toHaveAttribute("data-status", "success");
  await expect(page.getByText("lookup returned: echo: ticket 42").first()).toBeAttached();
  expect(fake.calls.get("echo")).toBe(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("mcp-run-1440x900.png") });

  // The editor offers the team server's other tools: one click binds one into the flow.
  await page.goBack();
  const offer = page.locator("details.mcp-offer", { hasText: "tracker" });
  await expect(offer).toContainText("4 of 5 tools to use");
  await offer.locator("summary").click();
  await page.getByRole("button", { name: "Use whoami of tracker" }).click();
  await expect.poll(() => readDsl(page)).toMatch(/^  whoami:\n    mcp:\n      server: tracker\n      tool: whoami$/m);
  await page.screenshot({ path: testInfo.outputPath("mcp-editor-1440x900.png") });
});
