"use client";

import type { SwarmMode, SwarmSpec } from "@/lib/dsl/types";
import { Field, NameField, NumberField, useTyped } from "../../components/fields";
import { SETTINGS } from "../../store/document-slice";
import { updateData, updateSettings } from "../../fns/graph-edits";
import { useEditor, useEditorStore } from "../../store/context";
import type { NestedSwarmNode } from "./types";

const MODES: readonly [SwarmMode, string][] = [
  ["workflow", "workflow — stages in order, each output the next input"],
  ["handoff", "handoff — agents pass control by naming a handoff target"],
  ["team", "team — the first agent leads and delegates to the others"],
];

type ModeSettings = { type: SwarmMode; max_handoffs?: SwarmSpec["max_handoffs"] };

/** A swarm's mode and handoff limit: the same fields for a nested swarm and the top one. */
function ModeFields({
  path,
  target,
  value,
  onChange,
}: {
  path: string;
  target: string;
  value: ModeSettings;
  onChange: (patch: Partial<ModeSettings>, what: string) => void;
}) {
  const store = useEditorStore();
  const maxHandoffs = useTyped(target, "max_handoffs", value.max_handoffs);
  return (
    <>
      <Field label="Mode" path={`${path}.type`}>
        <select value={value.type} onChange={(event) => onChange({ type: event.target.value as SwarmMode }, "mode")}>
          {MODES.map(([mode, label]) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {value.type === "handoff" || maxHandoffs !== undefined ? (
        <NumberField
          label="Max handoffs"
          path={`${path}.max_handoffs`}
          value={maxHandoffs}
          onCommit={(v) => store.getState().typeField(`Edit max handoffs${target === SETTINGS ? "" : ` of ${target}`}`, target, "max_handoffs", v)}
        />
      ) : null}
    </>
  );
}

export function SwarmPanel({ node }: { node: NestedSwarmNode }) {
  const store = useEditorStore();
  const id = node.id;
  return (
    <div className="stack panel-fields">
      <NameField id={id} />
      <ModeFields path={`swarms.${id}`} target={id} value={node.data} onChange={(patch, what) => store.getState().applyEdit(`Edit ${what} of ${id}`, (graph) => updateData(graph, id, patch))} />
      <p className="muted">Its members are the nodes inside it; draw &gt;&gt; edges between them for its flow.</p>
    </div>
  );
}

/** Shown when nothing is selected: the document's name and the top-level swarm. */
export function FlowSettingsPanel({ flowName }: { flowName?: string }) {
  const store = useEditorStore();
  const settings = useEditor((state) => state.graph.settings);
  const edit = (patch: Parameters<typeof updateSettings>[1], what: string) => store.getState().applyEdit(`Edit ${what}`, (graph) => updateSettings(graph, patch));
  const name = useTyped(SETTINGS, "name", settings.name);
  const description = useTyped(SETTINGS, "description", settings.description);
  return (
    <div className="stack panel-fields">
      <Field label="Flow name (in the document)" path="name">
        <input type="text" value={name ?? ""} onChange={(event) => store.getState().typeField("Edit name", SETTINGS, "name", event.target.value || undefined)} />
      </Field>
      {/* A flow from before the name lived in its document may say another name: saving would rename the flow to it. */}
      {flowName && name && name !== flowName ? (
        <p className="field-hint" role="status">
          The flow list calls this flow “{flowName}”; saving renames it to “{name}”.{" "}
          <button type="button" className="button small" onClick={() => store.getState().applyEdit("Edit name", (graph) => updateSettings(graph, { name: flowName }))}>
            Keep “{flowName}”
          </button>
        </p>
      ) : null}
      <Field label="Description (shown in the flow list)" path="description">
        <textarea rows={2} value={description ?? ""} onChange={(event) => store.getState().typeField("Edit description", SETTINGS, "description", event.target.value || undefined)} />
      </Field>
      <ModeFields path="swarm" target={SETTINGS} value={settings} onChange={(patch, what) => edit(patch, what)} />
      <p className="muted">Select a node to edit it. Top-level nodes joined by &gt;&gt; edges form the swarm&apos;s flow.</p>
    </div>
  );
}
