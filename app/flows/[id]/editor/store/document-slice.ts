/**
 * The document being edited, as text and as canvas graph, kept in step: a DSL edit
 * re-reads the text, a canvas edit rewrites it. Every change of the document goes
 * through `editText` or `applyEdit`, which record a named undo step.
 *
 * Text the user typed is never thrown away: while it does not map onto the canvas (a
 * syntax error, a mis-indented block), the canvas keeps its last graph and refuses
 * edits, and the inspector is read-only, until the text is fixed or the typing undone.
 */
import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from "@xyflow/react";
import type { StateCreator } from "zustand";
import type { DocumentError } from "@/lib/dsl/types";
import type { FlowGraph, FlowNode, GraphEdge } from "../types";
import type { AgentRole } from "../nodes/agent/types";
import { agentRoles, issuesByNode, reconcileNodes } from "../fns/derive";
import { updateData, updateSettings } from "../fns/graph-edits";
import { checkText, readText, type SyncOptions, writeGraph } from "../fns/document-sync";
import { modelProblems, type NodeIssue } from "../fns/model-check";
import type { Snapshot } from "./history-slice";
import type { EditorState } from "./index";

const EMPTY_GRAPH: FlowGraph = { nodes: [], edges: [], settings: { type: "workflow" } };

/**
 * Typing in an inspector field changes only that field's pending value (the inspector and
 * the node show it at once); the graph and the text (the whole document, serialized)
 * follow when the typing pauses this long, or at once before anything else reads or
 * changes them (see flushText). A keystroke costs one small state change, whatever the
 * size of the flow.
 */
export const TEXT_WRITE_DELAY_MS = 800;

/** Whose fields a keystroke edits: a node (by id), or the document's own settings. */
export const SETTINGS = "\u0000settings";

/** Typing not yet in the graph or the text: one field of one node (or of the settings). */
export type Typing = { target: string; field: string; value: unknown; key: string };

/** What a refused canvas edit says while the typed text does not map onto the canvas. */
export const TEXT_FIRST_NOTICE = "Fix the problems in the DSL first (or undo): the canvas cannot show the text as it is, and editing here would lose what you typed.";

export type EditOptions = {
  /** Consecutive edits with the same key make one undo step. */
  coalesceKey?: string;
  /** Skip re-reading the written text into the graph (moves change only positions). */
  positionsOnly?: boolean;
  /** The state the edit started from, when it began earlier (a drag). */
  before?: Snapshot;
};

export type DocumentSlice = {
  text: string;
  graph: FlowGraph;
  errors: DocumentError[];
  /** False while typed text does not map onto the canvas: it shows its last graph, read-only. */
  canvasInSync: boolean;
  /** Whether the text alone gives the graph back (not so for an empty group a canvas edit made). */
  textReadable: boolean;
  /** Typing the graph and the text do not have yet (written after a pause, or by flushText). */
  typing: Typing | null;
  roles: ReadonlyMap<string, AgentRole>;
  issues: ReadonlyMap<string, NodeIssue[]>;
  /** Built-in tool names; with `teamTools`, the names a document may use besides its own. */
  tools: readonly string[];
  /** The team's code tools (Settings → Tools); a document tool of the same name wins. */
  teamTools: readonly string[];
  /** The team's MCP servers and the tools they last listed (undefined: not listed); undefined when not known: bindings are not checked. */
  mcpServers: ReadonlyMap<string, ReadonlySet<string> | undefined> | undefined;
  /** Providers a run can call (a team or server key); undefined when not known: keys are not checked. */
  keyedProviders: ReadonlySet<string> | undefined;
  snapshot: () => Snapshot;
  restore: (snapshot: Snapshot) => void;
  /** The user typed in the DSL pane. */
  editText: (text: string) => void;
  /**
   * The shared document became `text` by someone else's edit (or a live undo): read it in,
   * without an undo step of this person's. Pending inspector typing stays pending.
   */
  receiveText: (text: string) => void;
  /** A named canvas or inspector edit of the graph; refused while the canvas is not in sync. */
  applyEdit: (name: string, edit: (graph: FlowGraph) => FlowGraph, options?: EditOptions) => void;
  /**
   * A keystroke in an inspector field: `field` of node `target` (or of SETTINGS) becomes
   * `value` (undefined removes it). Held as `typing` until the typing pauses; typing in one
   * field is one undo step named `name`.
   */
  typeField: (name: string, target: string, field: string, value: unknown) => void;
  /** Writes pending typing into the graph and the text now (before a save, a DSL edit, undo). */
  flushText: () => void;
  /** React Flow's own changes: selection, measured sizes, positions while dragging. */
  onNodesChange: (changes: NodeChange<FlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<GraphEdge>[]) => void;
};

/** What the canvas shows besides the document: roles, and each node's problems (the DSL's and its model's). */
function derived(graph: FlowGraph, errors: DocumentError[], keyed: ReadonlySet<string> | undefined) {
  return { roles: agentRoles(graph), issues: issuesByNode([...errors, ...modelProblems(graph, keyed)]) };
}

/** The graph with the pending typing in it. */
export function withTyping(graph: FlowGraph, typing: Typing): FlowGraph {
  const patch = { [typing.field]: typing.value };
  return typing.target === SETTINGS ? updateSettings(graph, patch) : updateData(graph, typing.target, patch);
}

/**
 * The value a field shows: what is being typed into it, else `stored` (the graph's).
 * A selector's helper: a component reading it re-renders only when its own field changes.
 */
export function typedValue<T>(typing: Typing | null, target: string, field: string, stored: T): T {
  return typing && typing.target === target && typing.field === field ? (typing.value as T) : stored;
}

/** What the editor knows of the team besides the document; all optional (a read-only canvas knows none). */
export type EditorContext = {
  /** The providers a run can call; without it model keys are not checked. */
  keyedProviders?: ReadonlySet<string>;
  /** The team's code tools' names. */
  teamTools?: readonly string[];
  /** The team's MCP servers and their listed tools; without it bindings are not checked. */
  mcpServers?: ReadonlyMap<string, ReadonlySet<string> | undefined>;
};

/** What the document is checked against. */
function knownNames(state: Pick<DocumentSlice, "tools" | "teamTools" | "mcpServers">): SyncOptions {
  return { tools: state.tools, teamTools: state.teamTools, mcpServers: state.mcpServers };
}

/** The store's starting document: the canvas is empty when the text does not map. */
export function initialDocument(text: string, tools: readonly string[], { keyedProviders, teamTools = [], mcpServers }: EditorContext = {}) {
  const reading = readText(text, knownNames({ tools, teamTools, mcpServers }));
  const graph = reading.graph ?? EMPTY_GRAPH;
  const mapped = reading.graph !== undefined;
  return { text, graph, errors: reading.errors, canvasInSync: mapped, textReadable: mapped, typing: null, tools, teamTools, mcpServers, keyedProviders, ...derived(graph, reading.errors, keyedProviders) };
}

/** A graph as history keeps it: without selection or measurements, which are not the document's. */
function documentOnly(graph: FlowGraph): FlowGraph {
  const nodes = graph.nodes.map((node) => {
    const { selected: _selected, measured: _measured, dragging: _dragging, ...rest } = node;
    return rest as FlowNode;
  });
  return { ...graph, nodes, edges: graph.edges.map(({ selected: _selected, ...edge }) => edge as GraphEdge) };
}

/**
 * The state after the document became `text` (typed, or set back by undo): the graph is
 * re-read from it, and nodes keep what the canvas alone knows (selection, measured size).
 * Text a canvas edit wrote that does not read back (an empty group) comes with its graph.
 */
function readInto(state: EditorState, text: string, written?: FlowGraph): Partial<EditorState> {
  const reading = readText(text, knownNames(state));
  const read = reading.graph ?? written;
  const textReadable = reading.graph !== undefined;
  if (!read) return { text, errors: reading.errors, canvasInSync: false, textReadable, issues: issuesByNode(reading.errors) };
  const graph = { ...read, nodes: reconcileNodes(state.graph.nodes, read.nodes) };
  return { text, graph, errors: reading.errors, canvasInSync: true, textReadable, ...derived(graph, reading.errors, state.keyedProviders) };
}

export const createDocumentSlice =
  (text: string, tools: readonly string[], context: EditorContext = {}): StateCreator<EditorState, [], [], DocumentSlice> =>
  (set, get) => {
    let timer: ReturnType<typeof setTimeout> | undefined;

    /** Writes `edited` into the text (refusing a secret literal) and reads it back. */
    const write = (edited: FlowGraph, options: { positionsOnly?: boolean } = {}) => {
      const state = get();
      // The previous text lends its comments and spelling, unless it was the empty document.
      const written = writeGraph(edited, { text: state.text, valid: state.graph.nodes.length > 0 });
      if ("refused" in written) return written;
      // A valid result is read back, so derived edges (delegation) follow the new mode.
      const known = knownNames(state);
      const reading = options.positionsOnly ? { errors: checkText(written.text, known) } : readText(written.text, known);
      const read = "graph" in reading ? reading.graph : undefined;
      const graph = read ? { ...read, nodes: reconcileNodes(edited.nodes, read.nodes) } : edited;
      const textReadable = read !== undefined || reading.errors.length === 0;
      return {
        text: written.text,
        state: { text: written.text, graph, errors: reading.errors, canvasInSync: true, textReadable, typing: null, notice: null, ...derived(graph, reading.errors, state.keyedProviders) },
      };
    };

    const flushText = () => {
      clearTimeout(timer);
      timer = undefined;
      const state = get();
      const { typing } = state;
      if (!typing) return;
      const edited = withTyping(state.graph, typing);
      const result = write(edited);
      if ("refused" in result) {
        // The typed value cannot be saved (a key-like literal): the graph never had it.
        set({ typing: null, notice: result.refused });
        return;
      }
      set(result.state);
    };

    return {
      ...initialDocument(text, tools, context),
      snapshot: () => {
        flushText();
        const { text, graph, canvasInSync, textReadable } = get();
        // The graph only when the text alone cannot give it back (see readInto).
        return canvasInSync && !textReadable ? { text, graph: documentOnly(graph) } : { text };
      },
      restore: ({ text, graph }) => set(readInto(get(), text, graph)),
      editText: (next) => {
        flushText();
        const state = get();
        if (next === state.text) return;
        // Typing merges into one step; a paste or a replaced block is a step of its own.
        const typing = Math.abs(next.length - state.text.length) <= 2;
        state.record("Edit DSL", state.snapshot(), typing ? "dsl" : undefined);
        set(readInto(state, next));
      },
      receiveText: (next) => {
        if (next === get().text) return;
        set(readInto(get(), next));
      },
      flushText,
      applyEdit: (name, edit, options = {}) => {
        if (!get().canvasInSync) {
          set({ notice: TEXT_FIRST_NOTICE });
          return;
        }
        flushText();
        const state = get();
        const edited = edit(state.graph);
        if (edited === state.graph) return;
        const before = options.before ?? state.snapshot();
        const result = write(edited, options);
        if ("refused" in result) {
          set({ notice: result.refused });
          return;
        }
        if (result.text === before.text) {
          set({ graph: edited });
          return;
        }
        state.record(name, before, options.coalesceKey);
        set(result.state);
      },
      typeField: (name, target, field, value) => {
        const state = get();
        if (!state.canvasInSync) {
          set({ notice: TEXT_FIRST_NOTICE });
          return;
        }
        const key = `${target}.${field}`;
        if (state.typing?.key !== key) {
          flushText();
          // One undo step from the text before the typing (snapshot() has nothing to flush now).
          get().record(name, get().snapshot(), key);
        }
        set({ typing: { target, field, value, key } });
        clearTimeout(timer);
        timer = setTimeout(flushText, TEXT_WRITE_DELAY_MS);
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
    };
  };
