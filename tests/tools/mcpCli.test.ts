// The CLI with `--mcp <servers.json>`: a document's MCP bindings checked against the file's
// servers, and a run calling an HTTP server of ours and a stdio server it spawns.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeMcpServer, type FakeMcpServer } from "./fakes/mcpServer";

const run = promisify(execFile);

// Not spawnSync: the fake server answers from this process's event loop.
async function swarm(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/swarm.ts", ...args], { encoding: "utf8", env: { ...process.env, OPENAI_API_KEY: "" } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const dir = mkdtempSync(join(tmpdir(), "swarm-mcp-cli-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const FLOW = `name: cli-mcp
tools:
  lookup: { mcp: { server: tracker, tool: echo } }
  loud: { mcp: { server: local, tool: shout } }
agents:
  first:
    model: 'mock:tool?name=lookup&args={"text":"from http"}'
    tools: [lookup]
  second:
    model: 'mock:tool?name=loud&args={"text":"from stdio"}'
    tools: [loud]
swarm: { type: workflow, flow: "first >> second" }
`;

describe("the CLI with MCP servers", { timeout: 90_000 }, () => {
  let fake: FakeMcpServer;
  beforeAll(async () => {
    fake = await startFakeMcpServer({ requireAuthorization: "Bearer cli-token-1234" });
  });
  afterAll(() => fake.close());

  it("runs a document whose agents call an HTTP and a stdio server from the file", async () => {
    const servers = file(
      "servers.json",
      JSON.stringify({
        mcpServers: {
          tracker: { url: fake.url, headers: { authorization: "Bearer cli-token-1234" } },
          local: { command: process.execPath, args: [resolve("tests/tools/fakes/stdioMcpServer.mjs")] },
        },
      }),
    );
    const flow = file("flow.yaml", FLOW);
    const result = await swarm("run", flow, "--input", "go", "--mcp", servers);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("← lookup: echo: from http");
    expect(result.stdout).toContain("← loud: FROM STDIO!");
    expect(fake.calls.get("echo")).toBe(1);
  });

  it("check names a server the file lacks; a broken file is exit 2", async () => {
    const flow = file("flow2.yaml", FLOW);
    const onlyOne = file("one.json", JSON.stringify({ mcpServers: { tracker: { url: fake.url } } }));
    const missing = await swarm("check", flow, "--mcp", onlyOne);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no MCP server named 'local'");
    const broken = await swarm("check", flow, "--mcp", file("broken.json", "{ not json"));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/--mcp: .*not JSON/);
  });
});
