/**
 * The swarm runtime (docs/architecture.md, "The runtime"). Server-side: running resolves providers from
 * lib/providers, loaded on first use.
 */
export {
  Agent,
  DEFAULT_MODEL,
  type AgentConfig,
  type Instructions,
  type InstructionsContext,
  type SpawnConfig,
} from "./agent";
export { tool, type Tool, type AnyTool, type ToolConfig, type ToolContext, type ToolKind, type ToolLogLine } from "./tool";
export {
  ToolError,
  AgentError,
  LoopError,
  SwarmError,
  GroupError,
  FlowError,
  isFlowError,
  RunAbortedError,
  HumanInputRequest,
  type SourcePosition,
  type AbortStatus,
} from "./errors";
export { run, runStateOf, type RunFailure, type RunResult, type RunOptions, type RunStream, type RunTarget } from "./run";
export {
  Swarm,
  ParallelGroup,
  SerialGroup,
  SwarmNode,
  type SwarmConfig,
  type SwarmMode,
  type SwarmMember,
  type ParallelGroupConfig,
  type ParallelResult,
} from "./swarm";
export { parseFlow, formatFlow, FLOW_NAME_PATTERN, type ParsedFlow, type FlowRef, type ParseFlowOptions } from "./flow";
export { HookPoint, type Hook, type HookContext, type HookRegistration } from "./hooks";
export { EventBus, type EventHandler } from "./eventBus";
export {
  RunState,
  CURRENT_SCHEMA_VERSION,
  isTerminalStatus,
  snapshotNode,
  type RunNode,
  type RunNodeKind,
  type RunNodeStatus,
  type RunRecorder,
  type RunStateSnapshot,
} from "./runState";
export type { StreamEvent, StreamEventType } from "./events";
export type { SubAgentRecord, SubAgentStatus, SubAgentToolCall } from "./runner/types";
/** zod schemas that share their name with the message types, for parsing stored histories. */
export { Message, ToolCall, Usage } from "./messages";
export { nextAction, type NextAction } from "./runner/planner";
export { toolCallSignature } from "./runner/loopDetection";
export {
  ModelError,
  isModelError,
  parseModelString,
  type SystemMessage,
  type UserMessage,
  type AssistantMessage,
  type ToolMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
  type StreamChunk,
  type FinishReason,
  type ModelErrorKind,
  type ToolDefinition,
  type SchemaLike,
} from "./model";
export { Checkpoint, type StepCheckpoints, type ModelCheckpoint, type ToolCheckpoint } from "./checkpoints";
export { INTERRUPTED_TRY } from "./runner/modelStep";
