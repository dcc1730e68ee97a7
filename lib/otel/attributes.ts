/**
 * The OpenTelemetry GenAI semantic conventions' names (status "Development"), spelled out
 * here: the `ATTR_GEN_AI_*` constants of @opentelemetry/semantic-conventions are deprecated.
 */
export const GEN_AI = {
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  requestModel: "gen_ai.request.model",
  responseFinishReasons: "gen_ai.response.finish_reasons",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  agentName: "gen_ai.agent.name",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  /** Opt-in content. */
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
  toolCallArguments: "gen_ai.tool.call.arguments",
  toolCallResult: "gen_ai.tool.call.result",
} as const;

/** Generic conventions. */
export const ERROR_TYPE = "error.type";
export const SERVICE_NAME = "service.name";

/** Swarm Studio's own attributes (not GenAI conventions). */
export const SWARM = {
  runId: "swarm_studio.run.id",
  nodeId: "swarm_studio.node.id",
  nodeKind: "swarm_studio.node.kind",
  nodeStatus: "swarm_studio.node.status",
  teamId: "swarm_studio.team.id",
} as const;

export const GenAiOperation = {
  workflow: "invoke_workflow",
  agent: "invoke_agent",
  chat: "chat",
  tool: "execute_tool",
} as const;
export type GenAiOperation = (typeof GenAiOperation)[keyof typeof GenAiOperation];
