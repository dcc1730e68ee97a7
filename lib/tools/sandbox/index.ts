/**
 * Code tools: JavaScript a team writes (the body of an async function receiving the
 * arguments), run in the QuickJS sandbox (pool.ts, guest.mjs). Server-only.
 */
import { z } from "zod";
import { ToolError, type AnyTool } from "@/lib/engine";
import type { JsonSchema } from "@/lib/engine/schema";
import { DEFAULT_LIMITS, SandboxPool, type SandboxLimits } from "./pool";

export { SandboxError, SandboxPool, DEFAULT_LIMITS, type SandboxLimits, type SandboxLog, type SandboxFailure, type SandboxOutcome } from "./pool";

export type CodeToolSpec = {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object). */
  parameters: JsonSchema;
  /** The body of `async (args) => { … }`. */
  body: string;
  limits?: Partial<SandboxLimits>;
};

// One pool per process (on globalThis so dev reloads do not leak threads).
const holder = globalThis as typeof globalThis & { __swarmStudioSandbox?: SandboxPool };

/** This process's sandbox threads (SWARM_SANDBOX_THREADS, default 2), shared by code tools and code scorers. */
export function sandbox(): SandboxPool {
  return (holder.__swarmStudioSandbox ??= new SandboxPool(Number(process.env.SWARM_SANDBOX_THREADS) || 2));
}

/** Stops this process's sandbox threads (a CLI before it exits, tests); the next call starts new ones. */
export async function closeSandbox(): Promise<void> {
  const pool = holder.__swarmStudioSandbox;
  holder.__swarmStudioSandbox = undefined;
  await pool?.close();
}

/** An engine tool that runs `spec.body` in the sandbox; its failures reach the model as tool errors. */
export function codeTool(spec: CodeToolSpec, pool: SandboxPool = sandbox()): AnyTool {
  const limits = { ...DEFAULT_LIMITS, ...spec.limits };
  return {
    name: spec.name,
    kind: "code",
    description: spec.description,
    parameters: spec.parameters,
    argsSchema: z.fromJSONSchema(spec.parameters as Parameters<typeof z.fromJSONSchema>[0]),
    async execute(args, context) {
      const outcome = await pool.call(spec.body, args, limits, context.signal);
      if (outcome.logs.length > 0 || outcome.droppedLogs > 0) context.recordLogs?.(outcome.logs, outcome.droppedLogs);
      if (!outcome.ok) throw new ToolError(outcome.error.message);
      return outcome.value;
    },
  };
}
