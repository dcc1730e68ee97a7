"use client";

import { useEffect, useRef, useState } from "react";
import { useFocusTrap } from "@/app/_components/use-focus-trap";
import { isMcpToolSpec, type CodeToolSpec } from "@/lib/dsl/types";
import { testCodeToolAction } from "@/app/tools/actions";
import { ToolForm } from "@/app/tools/_components/tool-form";
import { FieldIssues, useFieldIssues, useTyped } from "./fields";
import { removeTool, renameTool, toolNameProblem, withCodeTool } from "../fns/tool-edits";
import { SETTINGS } from "../store/document-slice";
import { useEditor, useEditorStore } from "../store/context";

/**
 * The document code tool being written and tested, over the canvas. Every change is a
 * document edit (typing coalesces like the inspector's fields): the canvas, the DSL text,
 * undo and the saved draft all see it.
 */
export function ToolPanel({ flowId, readOnly, canTest }: { flowId?: string; readOnly: boolean; canTest: boolean }) {
  const store = useEditorStore();
  const name = useEditor((state) => state.toolPanel);
  const stored = useEditor((state) => state.graph.settings.tools);
  const tools = useTyped(SETTINGS, "tools", stored);
  const spec = name ? tools?.[name] : undefined;
  const close = () => store.getState().setToolPanel(null);
  const issues = useFieldIssues(`tools.${name ?? ""}`);
  const panel = useRef<HTMLDivElement>(null);
  const open = Boolean(name && spec && !isMcpToolSpec(spec));
  useFocusTrap(panel, open);

  useEffect(() => {
    if (!name) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && store.getState().setToolPanel(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [name, store]);

  if (!open || !name || !spec || isMcpToolSpec(spec)) return null;
  const edit = (patch: Partial<CodeToolSpec>) => store.getState().typeField(`Edit tool ${name}`, SETTINGS, "tools", withCodeTool(tools, name, { ...spec, ...patch }));

  return (
    <div ref={panel} className="tool-panel" role="dialog" aria-modal="true" aria-label={`Tool ${name}`} tabIndex={-1}>
      <div className="tool-panel-header">
        <h2>Code tool: {name}</h2>
        <div className="toolbar">
          {readOnly ? null : (
            <button
              type="button"
              className="button small danger"
              onClick={() => {
                store.getState().applyEdit(`Delete tool ${name}`, (graph) => removeTool(graph, name));
                close();
              }}
            >
              Delete tool
            </button>
          )}
          <button type="button" className="button small" onClick={close}>
            Done
          </button>
        </div>
      </div>
      <ToolForm
        key={name}
        name={<ToolNameField name={name} readOnly={readOnly} />}
        value={spec}
        onChange={edit}
        readOnly={readOnly}
        canTest={canTest && !readOnly}
        test={(args) => testCodeToolAction({ flowId, tool: { parameters: spec.parameters, code: spec.code, timeout_ms: spec.timeout_ms }, args })}
      />
      <FieldIssues issues={issues} />
    </div>
  );
}

/** Renames on Enter or leaving the field: the agents naming the tool follow. */
function ToolNameField({ name, readOnly }: { name: string; readOnly: boolean }) {
  const store = useEditorStore();
  const builtIn = useEditor((state) => state.tools);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function commit() {
    const next = draft?.trim();
    if (next === undefined || next === name) return setDraft(null);
    const refused = toolNameProblem(store.getState().graph, name, next, new Set(builtIn));
    if (refused) return setProblem(refused);
    store.getState().applyEdit(`Rename tool ${name} to ${next}`, (graph) => renameTool(graph, name, next));
    store.getState().setToolPanel(next);
    setDraft(null);
    setProblem(null);
  }

  return (
    <label className="field">
      <span>Name (agents use it)</span>
      <input
        type="text"
        value={draft ?? name}
        readOnly={readOnly}
        spellCheck={false}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(null);
        }}
        onBlur={commit}
        onKeyDown={(event) => event.key === "Enter" && commit()}
      />
      {problem ? <span className="field-hint">{problem}</span> : null}
    </label>
  );
}
