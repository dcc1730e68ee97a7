"use client";

import { useReactFlow } from "@xyflow/react";
import { SHORTCUTS } from "../hooks/use-editor-shortcuts";
import type { LayoutPrefs } from "../../workbench/use-layout-prefs";
import { useEditor } from "../store/context";

export const SHORTCUTS_POPOVER_ID = "editor-shortcuts";

/** Undo/redo with the name of the step, layout, fit, and the shortcuts popover. */
type Props = {
  readOnly: boolean;
  autoLayout: () => void;
  layingOut: boolean;
  layout: Pick<LayoutPrefs, "inspector" | "dsl" | "minimap">;
  onLayout: (patch: Partial<LayoutPrefs>) => void;
};

/** A toggle button for one part of the editor's layout. */
function PaneToggle({ label, on, onClick }: { label: string; on: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button small pane-toggle" aria-pressed={on} onClick={onClick} title={on ? `Hide the ${label.toLowerCase()}` : `Show the ${label.toLowerCase()}`}>
      {label}
    </button>
  );
}

export function EditorToolbar({ readOnly, autoLayout, layingOut, layout, onLayout }: Props) {
  const undoName = useEditor((state) => state.past.at(-1)?.name);
  const redoName = useEditor((state) => state.future.at(-1)?.name);
  const undo = useEditor((state) => state.undo);
  const redo = useEditor((state) => state.redo);
  const notice = useEditor((state) => state.notice);
  const setNotice = useEditor((state) => state.setNotice);
  const { fitView } = useReactFlow();

  return (
    <div className="editor-toolbar toolbar" role="toolbar" aria-label="Editor">
      <button type="button" className="button small" onClick={undo} disabled={readOnly || !undoName} title={undoName ? `Undo ${undoName} (Ctrl+Z)` : "Nothing to undo"}>
        ↶ Undo
      </button>
      <button type="button" className="button small" onClick={redo} disabled={readOnly || !redoName} title={redoName ? `Redo ${redoName} (Ctrl+Shift+Z)` : "Nothing to redo"}>
        ↷ Redo
      </button>
      <button type="button" className="button small" onClick={autoLayout} disabled={readOnly || layingOut} title="Arrange left to right (Shift+L)">
        {layingOut ? "Arranging…" : "Auto-layout"}
      </button>
      <button type="button" className="button small" onClick={() => fitView({ duration: 200 })} title="Fit the view (Shift+F)">
        Fit view
      </button>
      <button type="button" className="button small" popoverTarget={SHORTCUTS_POPOVER_ID} title="Keyboard shortcuts (?)">
        Shortcuts
      </button>
      <div id={SHORTCUTS_POPOVER_ID} popover="auto" className="shortcuts-popover card">
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUTS.map(([keys, what]) => (
              <tr key={keys}>
                <td>
                  <kbd>{keys}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">Drag from an agent&apos;s right handle for a &gt;&gt; edge, from its bottom handle for a handoff. Drop an agent on a group to make it a member.</p>
      </div>
      <span className="pane-toggles" role="group" aria-label="Panes">
        <PaneToggle label="Inspector" on={layout.inspector} onClick={() => onLayout({ inspector: !layout.inspector })} />
        <PaneToggle label="DSL" on={layout.dsl} onClick={() => onLayout({ dsl: !layout.dsl })} />
        <PaneToggle label="Minimap" on={layout.minimap} onClick={() => onLayout({ minimap: !layout.minimap })} />
      </span>
      {notice ? (
        <span className="editor-notice" role="status">
          {notice}{" "}
          <button type="button" className="button small" onClick={() => setNotice(null)} aria-label="Dismiss">
            ×
          </button>
        </span>
      ) : null}
    </div>
  );
}
