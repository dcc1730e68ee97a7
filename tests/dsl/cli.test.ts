import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function swarm(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/swarm.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, OPENAI_API_KEY: "" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const dir = mkdtempSync(join(tmpdir(), "swarm-cli-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// Each case starts tsx processes: seconds apiece on a busy machine.
describe("the swarm CLI", { timeout: 60_000 }, () => {
  it("check: exit 0 on a valid document, exit 2 with every positioned error otherwise", () => {
    expect(swarm("check", "examples/orbiter-agents.yaml")).toMatchObject({ code: 0 });
    const bad = file("bad.yaml", "agents:\n  a: { model: gpt 4o }\n  b: {}\nswarm: { flow: 'a -> b' }\n");
    const { code, stderr } = swarm("check", bad);
    expect(code).toBe(2);
    expect(stderr).toContain(`${bad}:2:15: bad model string 'gpt 4o'`);
    expect(stderr).toContain(`${bad}:4:19: bad flow: '->' is not a flow operator`);
    expect(stderr).toContain("2 errors");
  });

  it("run: streams events and prints the output; exit 1 when the run fails", () => {
    const ok = swarm("run", "examples/hybrid.yaml", "--input", "The Moon");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("✓ group research success");
    expect(ok.stdout).toContain("=== output ===\nThe Moon\n\nThe Moon\n");

    const failing = file("fail.yaml", "agents:\n  a: { model: 'openai:gpt-4o' }\n");
    const failed = swarm("run", failing, "--input", "hi");
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("run failed");
  });

  it("run: a document's code tool runs in the sandbox, and the process exits when the run ends", () => {
    const document = file(
      "code-tool.yaml",
      [
        "tools:",
        "  shout:",
        "    description: Upper-cases a text",
        "    parameters: { type: object, properties: { text: { type: string } }, required: [text] }",
        "    code: 'return { loud: args.text.toUpperCase() };'",
        "agents:",
        `  a: { model: 'mock:tool?name=shout&args={"text":"hi there"}', tools: [shout] }`,
        "swarm: { type: workflow, flow: a }",
        "",
      ].join("\n"),
    );
    // spawnSync returns only once the process exits: sandbox threads left open would hang it (and time out).
    const ran = swarm("run", document, "--input", "go");
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('=== output ===\nshout returned: {"loud":"HI THERE"}');
  });

  it("exit 2 on a wrong command line", () => {
    expect(swarm("run", "examples/hybrid.yaml").code).toBe(2);
    expect(swarm("frobnicate", "x.yaml").code).toBe(2);
  });
});
