/**
 * The kinds and statuses of RunNodes, apart from runState.ts so browser code (the
 * timeline) can use them without pulling in the engine's Node-only modules.
 */
import { z } from "zod";

export const RunNodeKind = z.enum(["run", "swarm", "stage", "group", "agent", "step", "tool_call", "delegation", "spawn", "approval"]);
export type RunNodeKind = z.infer<typeof RunNodeKind>;

export const RunNodeStatus = z.enum(["init", "running", "success", "failed", "timeout", "cancelled", "waiting"]);
export type RunNodeStatus = z.infer<typeof RunNodeStatus>;
