/**
 * "Test" in a tool panel: runs a code tool's body once, in the shared sandbox, with sample
 * arguments checked against its parameters first. Editors only (it runs code on the
 * server); a flow id, when given, must be one of the caller's team's flows.
 */
import { z } from "zod";
import { requirePermission, type Workspace } from "@/lib/auth";
import { getFlow } from "@/lib/data";
import type { CodeToolSpec } from "@/lib/dsl/types";
import { sandbox, type SandboxFailure, type SandboxLog } from "@/lib/tools/sandbox";

/** What the panel shows: the result (JSON) or a failure, what the tool logged, how long it took. */
export type ToolTestResult = (
  | { ok: true; result: unknown }
  | { ok: false; error: Omit<SandboxFailure, "kind"> & { kind: SandboxFailure["kind"] | "arguments" | "parameters" } }
) & { logs: SandboxLog[]; droppedLogs: number; durationMs: number };

export type ToolTestInput = {
  /** The flow whose document holds the tool (absent for a team tool). */
  flowId?: string;
  tool: Pick<CodeToolSpec, "parameters" | "code" | "timeout_ms">;
  args: Record<string, unknown>;
};

/** The model's view of the arguments: the same check a run makes before calling the tool. */
function checkArguments(parameters: Record<string, unknown>, args: unknown): ToolTestResult | null {
  let schema: z.ZodType;
  try {
    schema = z.fromJSONSchema(parameters as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    return failed("parameters", `The parameters are not a usable JSON Schema: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(args);
  if (parsed.success) return null;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(arguments)"}: ${issue.message}`);
  return failed("arguments", `The sample arguments do not fit the parameters: ${problems.join("; ")}`);
}

function failed(kind: "arguments" | "parameters", message: string): ToolTestResult {
  return { ok: false, error: { kind, message }, logs: [], droppedLogs: 0, durationMs: 0 };
}

export async function testCodeTool(workspace: Workspace, input: ToolTestInput): Promise<ToolTestResult> {
  requirePermission(workspace, "tool", "write", "test code tools");
  if (input.flowId !== undefined) await getFlow(workspace.teamId, input.flowId);
  const problem = checkArguments(input.tool.parameters, input.args);
  if (problem) return problem;
  const outcome = await sandbox().call(input.tool.code, input.args, input.tool.timeout_ms ? { timeoutMs: input.tool.timeout_ms } : {});
  const { logs, droppedLogs, durationMs } = outcome;
  return outcome.ok ? { ok: true, result: outcome.value, logs, droppedLogs, durationMs } : { ok: false, error: outcome.error, logs, droppedLogs, durationMs };
}
