"use client";

import { useReactFlow } from "@xyflow/react";
import { useEffect } from "react";
import { useEditorStore } from "../store/context";
import { useSelectionCommands } from "./use-selection-commands";

/** The editor's keyboard shortcuts, as listed in the help popover. */
export const SHORTCUTS: readonly [keys: string, what: string][] = [
  ["Ctrl/⌘ Z", "Undo (canvas and DSL edits)"],
  ["Ctrl/⌘ Shift Z, Ctrl Y", "Redo"],
  ["Ctrl/⌘ S", "Save a new version"],
  ["Delete, Backspace", "Delete the selected nodes or edges"],
  ["Ctrl/⌘ C, Ctrl/⌘ V", "Copy, paste"],
  ["Ctrl/⌘ D", "Duplicate the selection"],
  ["Ctrl/⌘ A", "Select every node"],
  ["Shift L", "Auto-layout"],
  ["Shift F", "Fit the view"],
  ["Escape", "Clear the selection"],
  ["?", "Show these shortcuts"],
];

/** Typing in a field or the DSL pane keeps its keys, except undo/redo which are global. */
function inEditableField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

export function useEditorShortcuts(options: { readOnly: boolean; autoLayout: () => void; toggleHelp: () => void }) {
  const store = useEditorStore();
  const commands = useSelectionCommands();
  const { fitView } = useReactFlow();
  const { readOnly, autoLayout, toggleHelp } = options;

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const state = store.getState();
      if (mod && !readOnly && (key === "z" || key === "y")) {
        event.preventDefault();
        if (key === "y" || event.shiftKey) state.redo();
        else state.undo();
        return;
      }
      if (inEditableField(event.target)) return;
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (mod && key === "a") return run(commands.selectAll);
      if (mod && key === "c") return run(commands.copySelection);
      if (key === "?") return run(toggleHelp);
      if (event.shiftKey && key === "f") return run(() => fitView({ duration: 200 }));
      if (key === "escape") return run(() => state.onNodesChange(state.graph.nodes.filter((n) => n.selected).map((n) => ({ type: "select", id: n.id, selected: false }))));
      if (readOnly) return;
      if (mod && key === "v") return run(commands.paste);
      if (mod && key === "d") return run(commands.duplicateSelection);
      if (event.shiftKey && key === "l") return run(autoLayout);
      if (!mod && (key === "delete" || key === "backspace")) return run(commands.deleteSelection);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [store, commands, fitView, readOnly, autoLayout, toggleHelp]);
}
