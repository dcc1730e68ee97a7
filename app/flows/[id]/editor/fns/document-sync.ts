/**
 * The two directions between the DSL text and the canvas graph, through lib/dsl.
 * Text → graph only when the text is a valid document (else the canvas keeps its last
 * valid state); graph → text always, keeping the user's comments.
 */
import { documentToGraph, graphToDocument } from "@/lib/dsl/graph";
import { parseDocument } from "@/lib/dsl/parseDocument";
import { SecretLiteralError } from "@/lib/dsl/secrets";
import { serializeDocument } from "@/lib/dsl/serialize";
import type { DocumentError } from "@/lib/dsl/types";
import type { FlowGraph, FlowNode, GraphEdge } from "../types";
import { HANDOFF_SOURCE_HANDLE, HANDOFF_TARGET_HANDLE } from "./edges";

export type SyncOptions = { tools?: readonly string[] };

export type TextReading = { errors: DocumentError[]; graph?: FlowGraph };

export function readText(text: string, options: SyncOptions = {}): TextReading {
  const parsed = parseDocument(text, { tools: options.tools });
  if (!parsed.document) return { errors: parsed.errors };
  return { errors: [], graph: forCanvas(documentToGraph(parsed.document)) };
}

export function checkText(text: string, options: SyncOptions = {}): DocumentError[] {
  return parseDocument(text, { tools: options.tools }).errors;
}

export type GraphWriting = { text: string } | { refused: string };

/**
 * The previous text is kept (comments, spelling) only when it was a valid document: an
 * invalid one, such as the empty `agents: {}`, would lend its odd shape to the result.
 */
export function writeGraph(graph: FlowGraph, previous: { text: string; valid: boolean }): GraphWriting {
  try {
    return { text: serializeDocument(graphToDocument(graph), previous.valid ? { original: previous.text } : {}) };
  } catch (error) {
    if (error instanceof SecretLiteralError) {
      return { refused: "A value looks like an API key; reference it as ${ENV_NAME} instead of writing it into the flow." };
    }
    throw error;
  }
}

/**
 * What the canvas needs on top of the DSL's graph: members may be dragged out of their
 * container (no `extent`), and handoff edges leave and enter agents by their own handles.
 */
export function forCanvas(graph: FlowGraph): FlowGraph {
  const nodes = graph.nodes.map((node): FlowNode => {
    if (node.extent === undefined) return node;
    const { extent: _extent, ...rest } = node;
    return rest as FlowNode;
  });
  const edges = graph.edges.map((edge): GraphEdge =>
    edge.type === "handoff" ? { ...edge, sourceHandle: HANDOFF_SOURCE_HANDLE, targetHandle: HANDOFF_TARGET_HANDLE } : edge,
  );
  return { ...graph, nodes, edges };
}
