/**
 * The flow DSL: flow strings, YAML documents, canonical text, the canvas graph, and the
 * engine objects a document builds. Client code (the editor) should import the modules
 * it needs directly (flow, parseDocument, serialize, graph, types): `buildSwarm` pulls in
 * the engine and providers.
 */
export { parseFlow, formatFlow, FlowError, isFlowError, FLOW_NAME_PATTERN } from "./flow";
export type { ParsedFlow, FlowRef, ParseFlowOptions, SourcePosition } from "./flow";
export { parseDocument } from "./parseDocument";
export type { ParseDocumentOptions, ParseDocumentResult } from "./parseDocument";
export { serializeDocument } from "./serialize";
export type { SerializeOptions } from "./serialize";
export { documentToGraph, graphToDocument } from "./graph";
export { buildSwarm, BuildError } from "./build";
export type { BuildOptions } from "./build";
export { findSecretLiterals, SecretLiteralError } from "./secrets";
export type { SecretLiteral } from "./secrets";
export { substitute } from "./substitute";
export type { Env, Vars } from "./substitute";
export { KNOWN_PROVIDERS, modelStringProblem } from "./validate";
export { AGENT_SIZE } from "./layout";
export type {
  AgentData,
  AgentNode,
  AgentSpec,
  DelegationEdge,
  DocumentError,
  FlowDocument,
  FlowEdge,
  FlowGraph,
  FlowNode,
  FlowNodeType,
  GraphEdge,
  GraphEdgeType,
  GraphSettings,
  GroupSpec,
  HandoffEdge,
  LayoutEntry,
  NestedSwarmData,
  NestedSwarmNode,
  ParallelGroupData,
  ParallelGroupNode,
  ParallelGroupSpec,
  SerialGroupData,
  SerialGroupNode,
  SerialGroupSpec,
  Stages,
  SwarmMode,
  SwarmSpec,
  CodeToolSpec,
  McpToolSpec,
  ToolSpec,
} from "./types";
export { isMcpToolSpec } from "./types";
