/**
 * Flow strings. The grammar is the runtime's (lib/engine/flow.ts: Orbiter's
 * `Swarm(flow=...)` parses it), so the DSL reads flows with the engine's parser; this
 * module is where the DSL and the editor import it from (both client-safe).
 */
export { parseFlow, formatFlow, FLOW_NAME_PATTERN } from "@/lib/engine/flow";
export type { ParsedFlow, FlowRef, ParseFlowOptions } from "@/lib/engine/flow";
export { FlowError, isFlowError, type SourcePosition } from "@/lib/engine/errors";
