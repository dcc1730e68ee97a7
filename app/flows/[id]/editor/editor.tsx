"use client";

import { mcpBindingTargets, type McpServerListing } from "@/lib/tools/catalog";
import "@xyflow/react/dist/style.css";
import "./editor.css";
import { ReactFlowProvider } from "@xyflow/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Canvas } from "./components/canvas";
import { DslPane } from "./components/dsl-pane";
import { EditorToolbar, SHORTCUTS_POPOVER_ID } from "./components/editor-toolbar";
import { Inspector } from "./components/inspector";
import { Palette } from "./components/palette";
import { ToolPanel } from "./components/tool-panel";
import { useAutoLayout } from "./hooks/use-auto-layout";
import { useEditorShortcuts } from "./hooks/use-editor-shortcuts";
import { useRunFocusBridge } from "./hooks/use-run-focus-bridge";
import type { ToolOption } from "./nodes/agent/panel";
import type { LayoutPrefs } from "../workbench/use-layout-prefs";
import { LiveEditingProvider } from "./coedit/context";
import { PresenceBar } from "./coedit/presence-bar";
import type { CoeditSession, CoeditStatus } from "./coedit/session";
import { createEditorStore } from "./store";
import { EditorStoreProvider, useEditorStore } from "./store/context";

export type SwarmEditorProps = {
  /** The document to start from; the editor owns it from then on (remount to replace it). */
  initialText: string;
  readOnly: boolean;
  tools: readonly ToolOption[];
  /** The team's MCP servers and their tools (the tools section offers them to bind). */
  mcpServers?: readonly McpServerListing[];
  /** The flow being edited: a code tool's Test runs for its team. */
  flowId?: string;
  /** May this person test code tools (editors)? */
  canTestTools?: boolean;
  /** Providers a run can call (a team or server key): models of others are warned about. */
  keyedProviders: readonly string[];
  /** The name the flow list shows (the document's, unless they drifted apart before). */
  flowName?: string;
  /** Every change of the document text, from the canvas, the inspector, the DSL or undo. */
  onTextChange: (text: string) => void;
  /** Which panes are shown (the page remembers it per user). */
  layout: Pick<LayoutPrefs, "inspector" | "dsl" | "minimap">;
  onLayout: (patch: Partial<LayoutPrefs>) => void;
  /** The live shared draft, once synced (null: this person edits alone, as without a socket). */
  coedit?: CoeditSession | null;
  /** The newest saved version's text: local edits on top of it join a shared draft that still says it. */
  savedText?: string;
  /** Whether live editing is connected; undefined hides the presence bar (an old version). */
  coeditStatus?: CoeditStatus;
};

/** The canvas, palette, inspector and DSL pane over one per-mount store. */
export function SwarmEditor({ initialText, keyedProviders, coedit = null, savedText, ...rest }: SwarmEditorProps) {
  const [store] = useState(() =>
    createEditorStore(
      initialText,
      rest.tools.filter((tool) => tool.kind === "builtin").map((tool) => tool.name),
      {
        keyedProviders: new Set(keyedProviders),
        teamTools: rest.tools.filter((tool) => tool.kind === "team").map((tool) => tool.name),
        mcpServers: rest.mcpServers && mcpBindingTargets(rest.mcpServers),
      },
    ),
  );
  return (
    <EditorStoreProvider store={store}>
      <LiveEditingProvider session={coedit} savedText={savedText}>
        <ReactFlowProvider>
          <EditorLayout {...rest} />
        </ReactFlowProvider>
      </LiveEditingProvider>
    </EditorStoreProvider>
  );
}

function EditorLayout({ readOnly, tools, mcpServers = [], onTextChange, layout, onLayout, flowName, flowId, canTestTools = false, coeditStatus }: Omit<SwarmEditorProps, "initialText" | "keyedProviders" | "coedit" | "savedText">) {
  const store = useEditorStore();
  const canvasRef = useRef<HTMLDivElement>(null);
  const { autoLayout, running } = useAutoLayout();
  const toggleHelp = useCallback(() => document.getElementById(SHORTCUTS_POPOVER_ID)?.togglePopover(), []);
  useEditorShortcuts({ readOnly, autoLayout, toggleHelp });
  useRunFocusBridge();

  // Report text changes to the page (draft, save); a subscription, not derived state.
  const report = useRef(onTextChange);
  useEffect(() => {
    report.current = onTextChange;
  });
  useEffect(() => store.subscribe((state, previous) => state.text !== previous.text && report.current(state.text)), [store]);

  // Typing in the inspector writes the text after a pause; a click anywhere (Save, Run, the
  // canvas) or Ctrl+S writes it first. Capture phase: before the page's own handlers.
  useEffect(() => {
    const flush = () => store.getState().flushText();
    const onKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s" && flush();
    window.addEventListener("pointerdown", flush, true);
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("pointerdown", flush, true);
      window.removeEventListener("keydown", onKey, true);
      flush();
    };
  }, [store]);

  return (
    <div className={`swarm-editor${readOnly ? " read-only" : ""}${layout.inspector ? "" : " no-inspector"}${layout.dsl ? "" : " no-dsl"}`}>
      <div className="editor-topbar">
        {readOnly ? null : <Palette canvasRef={canvasRef} />}
        <EditorToolbar readOnly={readOnly} autoLayout={autoLayout} layingOut={running} layout={layout} onLayout={onLayout} />
        {coeditStatus ? <PresenceBar status={coeditStatus} /> : null}
      </div>
      <div className="editor-canvas-host" ref={canvasRef}>
        <Canvas readOnly={readOnly} minimap={layout.minimap} />
      </div>
      {layout.inspector ? <Inspector tools={tools} mcpServers={mcpServers} readOnly={readOnly} flowName={flowName} /> : null}
      {/* Hidden, not unmounted: CodeMirror keeps its cursor and scroll. */}
      <div className="dsl-slot" hidden={!layout.dsl}>
        <DslPane readOnly={readOnly} />
      </div>
      <ToolPanel flowId={flowId} readOnly={readOnly} canTest={canTestTools} />
    </div>
  );
}
