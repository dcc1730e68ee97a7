"use client";

import { useState, type ReactNode } from "react";
import type { NodeIssue } from "../fns/model-check";
import { nodeOfPath } from "../fns/derive";
import { renameNode } from "../fns/graph-edits";
import { useEditor, useEditorStore } from "../store/context";
import { typedValue } from "../store/document-slice";

/**
 * A field's value as shown: the pending keystrokes (see typeField), else `stored`. Only
 * the component that calls this re-renders while the user types.
 */
export function useTyped<T>(target: string, field: string, stored: T): T {
  return useEditor((state) => typedValue(state.typing, target, field, stored));
}

/** The messages for one field (path ends with it) or a whole node: the DSL's, and its model's. */
export function useFieldIssues(path: string): NodeIssue[] {
  const node = nodeOfPath(path);
  const source = useEditor((state) => (node ? state.issues.get(node) : state.errors));
  return (source ?? []).filter((error) => error.path === path || error.path.startsWith(`${path}.`));
}

export function FieldIssues({ issues }: { issues: readonly NodeIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul className="field-issues">
      {issues.map((issue, i) => (
        <li key={i} className={issue.warning ? "warning" : undefined}>
          {issue.message}
        </li>
      ))}
    </ul>
  );
}

export function Field({ label, path, children }: { label: string; path?: string; children: ReactNode }) {
  const issues = useFieldIssues(path ?? "\u0000");
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      <FieldIssues issues={issues} />
    </label>
  );
}

/** Renames on Enter or leaving the field, since every keystroke would rename references. */
export function NameField({ id }: { id: string }) {
  const store = useEditorStore();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function commit() {
    if (draft === null || draft === id) return setDraft(null);
    const result = renameNode(store.getState().graph, id, draft.trim());
    if ("error" in result) return setProblem(result.error);
    // Renamed in the graph the edit gets: pending typing is in it by then.
    store.getState().applyEdit(`Rename ${id} to ${draft.trim()}`, (graph) => {
      const renamed = renameNode(graph, id, draft.trim());
      return "graph" in renamed ? renamed.graph : graph;
    });
    setDraft(null);
    setProblem(null);
  }

  return (
    <label className="field">
      <span>Name</span>
      <input
        type="text"
        value={draft ?? id}
        spellCheck={false}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
          if (event.key === "Escape") {
            setDraft(null);
            setProblem(null);
          }
        }}
      />
      {problem ? <FieldIssues issues={[{ message: problem, line: 0, column: 0, path: "" }]} /> : null}
    </label>
  );
}

/**
 * A number that may also be a `${...}` reference. Keeps what the user typed while the
 * field has focus ("0." on the way to "0.5"), and commits each parseable value.
 */
export function NumberField({
  label,
  path,
  value,
  onCommit,
}: {
  label: string;
  path: string;
  value: number | string | undefined;
  onCommit: (value: number | string | undefined) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Field label={label} path={path}>
      <input
        type="text"
        inputMode="decimal"
        value={draft ?? (value === undefined ? "" : String(value))}
        placeholder="default"
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const trimmed = text.trim();
          // Anything else is passed on as written, so the DSL reports what is wrong with it.
          onCommit(trimmed === "" ? undefined : /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed);
        }}
        onBlur={() => setDraft(null)}
      />
    </Field>
  );
}
