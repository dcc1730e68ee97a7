/**
 * The document being edited, as text and as canvas graph, kept in step: a DSL edit
 * re-reads the text, a canvas edit rewrites it. Every change of the document goes
 * through `editText` or `applyEdit`, which record a named undo step.
 */
import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from "@xyflow/react";
import type { StateCreator } from "zustand";
import type { DocumentError } from "@/lib/dsl/types";
import type { FlowGraph, FlowNode, GraphEdge } from "../types";
import type { AgentRole } from "../nodes/agent/types";
import { agentRoles, issuesByNode, reconcileNodes } from "../fns/derive";
import { checkText, readText, writeGraph } from "../fns/document-sync";
import type { Snapshot } from "./history-slice";
import type { EditorState } from "./index";

const EMPTY_GRAPH: FlowGraph = { nodes: [], edges: [], settings: { type: "workflow" } };

export type EditOptions = {
  /** Consecutive edits with the same key (typing in one field) make one undo step. */
  coalesceKey?: string;
  /** Skip re-reading the written text into the graph (moves change only positions). */
  positionsOnly?: boolean;
  /** The state the edit started from, when it began earlier (a drag). */
  before?: Snapshot;
};

export type DocumentSlice = Snapshot & {
  /** False while the text has errors: the canvas then shows the last valid document. */
  canvasInSync: boolean;
  roles: ReadonlyMap<string, AgentRole>;
  issues: ReadonlyMap<string, DocumentError[]>;
  tools: readonly string[];
  snapshot: () => Snapshot;
  restore: (snapshot: Snapshot) => void;
  /** The user typed in the DSL pane. */
  editText: (text: string) => void;
  /** A named canvas or inspector edit of the graph. */
  applyEdit: (name: string, edit: (graph: FlowGraph) => FlowGraph, options?: EditOptions) => void;
  /** React Flow's own changes: selection, measured sizes, positions while dragging. */
  onNodesChange: (changes: NodeChange<FlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<GraphEdge>[]) => void;
};

function derived(graph: FlowGraph, errors: DocumentError[]) {
  return { roles: agentRoles(graph), issues: issuesByNode(errors) };
}

/** The store's starting document: the canvas is empty when the text is not valid. */
export function initialDocument(text: string, tools: readonly string[]) {
  const reading = readText(text, { tools });
  const graph = reading.graph ?? EMPTY_GRAPH;
  return { text, graph, errors: reading.errors, canvasInSync: reading.graph !== undefined, tools, ...derived(graph, reading.errors) };
}

export const createDocumentSlice =
  (text: string, tools: readonly string[]): StateCreator<EditorState, [], [], DocumentSlice> =>
  (set, get) => ({
    ...initialDocument(text, tools),
    snapshot: () => {
      const { text, graph, errors } = get();
      return { text, graph, errors };
    },
    restore: ({ text, graph, errors }) => {
      set({ text, graph, errors, canvasInSync: true, ...derived(graph, errors) });
    },
    editText: (next) => {
      const state = get();
      if (next === state.text) return;
      // Typing merges into one step; a paste or a replaced block is a step of its own.
      const typing = Math.abs(next.length - state.text.length) <= 2;
      state.record("Edit DSL", state.snapshot(), typing ? "dsl" : undefined);
      const reading = readText(next, { tools: state.tools });
      if (!reading.graph) {
        set({ text: next, errors: reading.errors, canvasInSync: false, issues: issuesByNode(reading.errors) });
        return;
      }
      const graph = { ...reading.graph, nodes: reconcileNodes(state.graph.nodes, reading.graph.nodes) };
      set({ text: next, graph, errors: [], canvasInSync: true, ...derived(graph, []) });
    },
    applyEdit: (name, edit, options = {}) => {
      const state = get();
      const edited = edit(state.graph);
      if (edited === state.graph) return;
      const written = writeGraph(edited, { text: state.text, valid: state.errors.length === 0 });
      if ("refused" in written) {
        set({ notice: written.refused });
        return;
      }
      const before = options.before ?? state.snapshot();
      if (written.text === before.text) {
        set({ graph: edited });
        return;
      }
      // A valid result is read back, so derived edges (delegation) follow the new mode.
      const reading = options.positionsOnly ? { errors: checkText(written.text, { tools: state.tools }) } : readText(written.text, { tools: state.tools });
      const graph = "graph" in reading && reading.graph ? { ...reading.graph, nodes: reconcileNodes(edited.nodes, reading.graph.nodes) } : edited;
      state.record(name, before, options.coalesceKey);
      set({ text: written.text, graph, errors: reading.errors, canvasInSync: true, notice: null, ...derived(graph, reading.errors) });
    },
    onNodesChange: (changes) => {
      // Removal goes through deleteSelection (a named edit); React Flow never adds nodes.
      const kept = changes.filter((change) => change.type !== "remove" && change.type !== "add");
      if (kept.length === 0) return;
      const { graph } = get();
      set({ graph: { ...graph, nodes: applyNodeChanges(kept, graph.nodes) } });
    },
    onEdgesChange: (changes) => {
      const kept = changes.filter((change) => change.type === "select");
      if (kept.length === 0) return;
      const { graph } = get();
      set({ graph: { ...graph, edges: applyEdgeChanges(kept, graph.edges) } });
    },
  });
