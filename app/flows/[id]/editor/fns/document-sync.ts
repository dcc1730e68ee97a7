/**
 * The two directions between the DSL text and the canvas graph, through lib/dsl.
 * Graph → text always, keeping the user's comments. Text → graph when the text is a
 * valid document, or when its only problems are ones the canvas can show (nodes not in
 * the flow yet, a bad model string, an empty document): then writing the graph back
 * gives the very same text. Other text does not map, and the canvas keeps its last graph.
 */
import { documentToGraph, graphToDocument } from "@/lib/dsl/graph";
import { readDocument } from "@/lib/dsl/input";
import { parseDocument } from "@/lib/dsl/parseDocument";
import { loadPlainYaml } from "@/lib/dsl/plainYaml";
import { SecretLiteralError } from "@/lib/dsl/secrets";
import { serializeDocument } from "@/lib/dsl/serialize";
import { SourceLocator } from "@/lib/dsl/source";
import type { DocumentError, FlowDocument } from "@/lib/dsl/types";
import type { FlowGraph, FlowNode, GraphEdge } from "../types";
import { detachedIds, withDetached } from "./detached";
import { HANDOFF_SOURCE_HANDLE, HANDOFF_TARGET_HANDLE, flowEdge } from "./edges";

/** What a document may name besides its own tools: built-in and team tools, the team's MCP servers and their listed tools. */
export type SyncOptions = { tools?: readonly string[]; teamTools?: readonly string[]; mcpServers?: ReadonlyMap<string, ReadonlySet<string> | undefined> };

export type TextReading = { errors: DocumentError[]; graph?: FlowGraph };

export function readText(text: string, options: SyncOptions = {}): TextReading {
  const parsed = parseDocument(text, options);
  if (parsed.document) return { errors: [], graph: forCanvas(documentToGraph(parsed.document)) };
  const graph = readWithProblems(text);
  return graph ? { errors: parsed.errors, graph } : { errors: parsed.errors };
}

export function checkText(text: string, options: SyncOptions = {}): DocumentError[] {
  return parseDocument(text, options).errors;
}

/** The text's YAML as data, or undefined when it is not YAML. */
function yamlValue(text: string, locate = new SourceLocator(text)): unknown {
  const value = loadPlainYaml(text);
  if (value !== undefined) return value;
  if (locate.yaml.errors.length > 0) return undefined;
  try {
    return locate.yaml.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
}

/** Equal as data: the same scalars, lists in order, maps with the same keys in any order. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The graph of a text with problems, when the graph holds all of it: writing the graph
 * back gives the same YAML data (the writer may lay it out differently, and keeps the
 * comments). A field the reader dropped, a name no definition has, are not in the graph.
 */
function readWithProblems(text: string): FlowGraph | undefined {
  const locate = new SourceLocator(text);
  const value = yamlValue(text, locate);
  if (value === undefined) return undefined;
  let graph: FlowGraph;
  try {
    graph = forCanvas(graphWithDetached(readDocument(value, locate).document));
  } catch {
    return undefined; // names placed twice, unknown kinds: nothing the canvas can draw
  }
  const written = writeGraph(graph, { text, valid: true });
  if (!("text" in written)) return undefined;
  return written.text === text || sameData(yamlValue(written.text), value) ? graph : undefined;
}

function placedNames(document: FlowDocument): Set<string> {
  const placed = new Set(document.swarm.flow.flat());
  for (const swarm of Object.values(document.swarms ?? {})) for (const name of swarm.flow.flat()) placed.add(name);
  for (const group of Object.values(document.groups ?? {})) for (const name of group.agents) placed.add(name);
  return placed;
}

/**
 * The document's graph, with definitions no flow uses as detached top-level nodes. They
 * are laid out as trailing stages of the top-level flow (right of everything, one per
 * column), the same default writeGraph assumes, and keep no flow edge.
 */
function graphWithDetached(document: FlowDocument): FlowGraph {
  const placed = placedNames(document);
  const names = [...Object.keys(document.agents), ...Object.keys(document.groups ?? {}), ...Object.keys(document.swarms ?? {})];
  const unplaced = names.filter((name) => !placed.has(name));
  if (unplaced.length === 0) return documentToGraph(document);
  const flow = [...document.swarm.flow, ...unplaced.map((name) => [name])];
  const graph = documentToGraph({ ...document, swarm: { ...document.swarm, flow } });
  const detached = new Set(unplaced);
  const edges = graph.edges.filter((edge) => edge.type === "handoff" || (!detached.has(edge.source) && !detached.has(edge.target)));
  return withDetached({ ...graph, edges }, unplaced);
}

/** The document of a graph; detached nodes are defined but left out of the flow. */
function documentOf(graph: FlowGraph): FlowDocument {
  const detached = graph.nodes.filter((node) => !node.parentId && detachedIds(graph).has(node.id)).map((node) => node.id);
  if (detached.length === 0) return graphToDocument(graph);
  // Chain them after every placed node, so they lay out as graphWithDetached reads them.
  const isDetached = new Set(detached);
  const placed = graph.nodes.filter((node) => !node.parentId && !isDetached.has(node.id)).map((node) => node.id);
  const edges = graph.edges.filter((edge) => edge.type === "handoff" || (!isDetached.has(edge.source) && !isDetached.has(edge.target)));
  const chain = detached.flatMap((id, i) => (i === 0 ? placed : [detached[i - 1]!]).map((source) => flowEdge(source, id)));
  const document = graphToDocument({ ...graph, edges: [...edges, ...chain] });
  const flow = document.swarm.flow.slice(0, document.swarm.flow.length - detached.length);
  return { ...document, swarm: { ...document.swarm, flow } };
}

export type GraphWriting = { text: string } | { refused: string };

/**
 * The previous text is kept (comments, spelling) only when it was a valid document: an
 * invalid one, such as the empty `agents: {}`, would lend its odd shape to the result.
 */
export function writeGraph(graph: FlowGraph, previous: { text: string; valid: boolean }): GraphWriting {
  try {
    return { text: serializeDocument(documentOf(graph), previous.valid ? { original: previous.text } : {}) };
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
