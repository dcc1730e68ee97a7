// `npm run swarm -- eval` in a child process, as CI runs it: its exit code gates a build.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function swarm(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/swarm.ts", ...args], { encoding: "utf8", env: { ...process.env, OPENAI_API_KEY: "" } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const fixtures = "tests/evals/fixtures";
const echo = `${fixtures}/echo.yaml`; // passes all 4 rows of rows.jsonl
const fixed = `${fixtures}/fixed.yaml`; // passes 1 of 4
const rows = `${fixtures}/rows.jsonl`; // rows.csv: the same cases as CSV

// Each case starts a tsx process: seconds apiece on a busy machine.
describe("swarm eval", { timeout: 60_000 }, () => {
  it("a code scorer runs the team's JavaScript in the sandbox, and the process still exits", () => {
    const dir = mkdtempSync(join(tmpdir(), "swarm-code-scorer-"));
    const lenient = join(dir, "lenient.js");
    writeFileSync(lenient, "return { pass: args.output.length > 0, reason: 'not empty' };");
    const strict = join(dir, "strict.js");
    writeFileSync(strict, "return args.output === 'never';");
    const passing = swarm("eval", echo, "--dataset", rows, "--scorer", `code:${lenient}`, "--min-pass", "1");
    expect(passing.code).toBe(0);
    const failing = swarm("eval", echo, "--dataset", rows, "--scorer", `code:${strict}`, "--min-pass", "0.5");
    expect(failing.code).toBe(1);
    expect(swarm("eval", echo, "--dataset", rows, "--scorer", `code:${join(dir, "missing.js")}`).code).toBe(2);
  });

  it("exits 0 when the pass rate reaches --min-pass, 1 when it does not", () => {
    const passing = swarm("eval", echo, "--dataset", rows, "--min-pass", "0.9", "--concurrency", "2");
    expect(passing.stderr).toBe("");
    expect(passing.code).toBe(0);
    expect(passing.stdout).toMatch(/pass rate +100\.0% \(4\/4\)/);
    expect(passing.stdout).toContain("PASS: 100.0% of 4 rows passed");

    const failing = swarm("eval", fixed, "--dataset", rows, "--min-pass", "0.9");
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain("FAIL: the pass rate 25.0% is below --min-pass 90.0%");
  });

  it("with --baseline: exits 1 when the candidate passes fewer rows than the baseline, worse rows first; 0 when it passes as many", () => {
    const worse = swarm("eval", fixed, "--dataset", rows, "--baseline", echo, "--scorer", "contains");
    expect(worse.code).toBe(1);
    const lines = worse.stdout.split("\n");
    expect(lines.slice(2, 6).map((line) => line.split(/\s+/).slice(0, 2).join(" "))).toEqual(["2 worse", "3 worse", "4 worse", "1 same"]);
    expect(worse.stdout).toContain("FAIL: the pass rate 25.0% is worse than the baseline's 100.0%");

    const same = swarm("eval", echo, "--dataset", `${fixtures}/rows.csv`, "--baseline", echo, "--min-pass", "1");
    expect(same.code).toBe(0);
    expect(same.stdout).toContain("0 worse, 0 better, 4 the same");
  });

  it("exits 2 with the line of each problem in the dataset, or on a bad scorer", () => {
    const dir = mkdtempSync(join(tmpdir(), "swarm-eval-"));
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, '{"input":"a"}\n{"input":"b","expected":7}\n');
    const badRows = swarm("eval", echo, "--dataset", bad);
    expect(badRows.code).toBe(2);
    expect(badRows.stderr).toContain(`${bad}: line 2: expected is not a string`);

    const badScorer = swarm("eval", echo, "--dataset", rows, "--scorer", "numeric:lots");
    expect(badScorer.code).toBe(2);
    expect(badScorer.stderr).toContain("numeric scorer: the tolerance must be a number ≥ 0, not 'lots'");
  });
});
