"use client";

import { useState } from "react";
import { Field, NameField, useTyped } from "../../components/fields";
import { moveMember, setGroupKind, setParent } from "../../fns/graph-edits";
import { useEditor, useEditorStore } from "../../store/context";
import type { GroupNode } from "./types";

/** Shows "\n\n" as typed escapes, so whitespace separators stay visible and editable. */
function escapeSeparator(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

function unescapeSeparator(text: string): string | null {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return null;
  }
}

export function GroupPanel({ node }: { node: GroupNode }) {
  const store = useEditorStore();
  const id = node.id;
  const parentId = node.parentId;
  const members = useEditor((state) =>
    state.graph.nodes
      .filter((n) => n.parentId === id)
      .map((n) => n.id)
      .join("\u0000"),
  );
  const memberIds = members ? members.split("\u0000") : [];
  const edit = store.getState().applyEdit;

  return (
    <div className="stack panel-fields">
      <NameField id={id} />
      <Field label="Type" path={`groups.${id}.type`}>
        <select value={node.type} onChange={(event) => edit(`Make ${id} ${event.target.value}`, (graph) => setGroupKind(graph, id, event.target.value as GroupNode["type"]))}>
          <option value="parallel">parallel — members run at once</option>
          <option value="serial">serial — members run in order</option>
        </select>
      </Field>
      <Field label={node.type === "serial" ? "Members, in order" : "Members"} path={`groups.${id}.agents`}>
        {memberIds.length === 0 ? <span className="muted">Drop agents into the group, or select it and add one from the palette.</span> : null}
        <ol className="member-list">
          {memberIds.map((member, i) => (
            <li key={member}>
              <span>{member}</span>
              {node.type === "serial" ? (
                <>
                  <button type="button" className="button small" aria-label={`Move ${member} earlier`} disabled={i === 0} onClick={() => edit("Reorder members", (graph) => moveMember(graph, member, -1))}>
                    ↑
                  </button>
                  <button type="button" className="button small" aria-label={`Move ${member} later`} disabled={i === memberIds.length - 1} onClick={() => edit("Reorder members", (graph) => moveMember(graph, member, 1))}>
                    ↓
                  </button>
                </>
              ) : null}
              <button type="button" className="button small" onClick={() => edit(`Take ${member} out of ${id}`, (graph) => setParent(graph, member, parentId))}>
                Take out
              </button>
            </li>
          ))}
        </ol>
      </Field>
      {node.type === "parallel" ? <SeparatorField id={id} value={node.data.separator} /> : null}
    </div>
  );
}

/** Keeps what the user typed while editing (a half-typed escape), shows the document's value otherwise. */
function SeparatorField({ id, value: stored }: { id: string; value: string | undefined }) {
  const store = useEditorStore();
  const value = useTyped(id, "separator", stored);
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Field label="Separator between outputs" path={`groups.${id}.separator`}>
      <input
        type="text"
        className="code"
        placeholder="\n\n"
        value={draft ?? (value === undefined ? "" : escapeSeparator(value))}
        onChange={(event) => {
          setDraft(event.target.value);
          const separator = event.target.value === "" ? undefined : unescapeSeparator(event.target.value);
          if (separator === null) return;
          store.getState().typeField(`Edit separator of ${id}`, id, "separator", separator);
        }}
        onBlur={() => setDraft(null)}
      />
    </Field>
  );
}
