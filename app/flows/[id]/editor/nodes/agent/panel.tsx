"use client";

import { useState } from "react";
import { providerCatalog } from "@/lib/providers/catalog";
import { Field, FieldIssues, NameField, NumberField, useFieldIssues } from "../../components/fields";
import { handoffsOf, setHandoffs, updateData } from "../../fns/graph-edits";
import { useEditor, useEditorStore } from "../../store/context";
import { DEFAULT_MODEL } from "@/lib/engine/agent";
import { resolveModel } from "./model";
import type { AgentData } from "./types";

export type ToolOption = { name: string; description: string };

function providerOf(model: string | undefined): string {
  const prefix = model?.split(":")[0] ?? "";
  return providerCatalog.some((p) => p.id === prefix) ? prefix : "";
}

/** Every field of an agent; each change is an undo step (typing in one field coalesces). */
export function AgentPanel({ id, data, tools }: { id: string; data: AgentData; tools: readonly ToolOption[] }) {
  const store = useEditorStore();
  const handoffs = useEditor((state) => handoffsOf(state.graph, id).join("\u0000"));
  const otherAgents = useEditor((state) =>
    state.graph.nodes
      .filter((node) => node.type === "agent" && node.id !== id)
      .map((node) => node.id)
      .join("\u0000"),
  );
  const path = `agents.${id}`;
  const set = (field: keyof AgentData, value: unknown, label: string) =>
    store.getState().applyEdit(`Edit ${label} of ${id}`, (graph) => updateData(graph, id, { [field]: value }), { coalesceKey: `${id}.${field}` });
  const model = useEditor((state) => resolveModel(data.model, state.graph.settings.vars));
  const provider = providerOf(model);
  const chosenHandoffs = handoffs ? handoffs.split("\u0000") : [];

  return (
    <div className="stack panel-fields">
      <NameField id={id} />
      {/* One per row: model strings are long (mock:tool?name=…&args=…). */}
      <div className="stack field-stack">
        <Field label="Provider">
          <select
            value={provider}
            onChange={(event) => {
              const entry = providerCatalog.find((p) => p.id === event.target.value);
              if (entry) set("model", entry.exampleModels[0], "model");
            }}
          >
            <option value="" disabled>
              other
            </option>
            {providerCatalog.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Model" path={`${path}.model`}>
          <input
            type="text"
            list="editor-model-options"
            value={data.model ?? ""}
            placeholder={DEFAULT_MODEL}
            spellCheck={false}
            onChange={(event) => set("model", event.target.value || undefined, "model")}
          />
          {data.model && data.model !== model ? <span className="model-resolved">= {model}</span> : null}
        </Field>
      </div>
      <datalist id="editor-model-options">
        {providerCatalog.flatMap((p) => p.exampleModels).map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <Field label="Instructions" path={`${path}.instructions`}>
        <textarea
          className="code instructions"
          rows={10}
          value={data.instructions ?? ""}
          placeholder="What this agent does, how, and what it answers with."
          onChange={(event) => set("instructions", event.target.value || undefined, "instructions")}
        />
      </Field>
      <fieldset className="field">
        <legend>Tools</legend>
        {tools.map((tool) => (
          <label key={tool.name} className="check" title={tool.description}>
            <input
              type="checkbox"
              checked={data.tools?.includes(tool.name) ?? false}
              onChange={(event) => {
                const next = event.target.checked ? [...(data.tools ?? []), tool.name] : (data.tools ?? []).filter((t) => t !== tool.name);
                set("tools", next.length > 0 ? next : undefined, "tools");
              }}
            />
            {tool.name}
          </label>
        ))}
        <FieldIssues issues={useFieldIssues(`${path}.tools`)} />
      </fieldset>
      <fieldset className="field">
        <legend>Handoffs</legend>
        {otherAgents === "" ? <span className="muted">No other agents yet.</span> : null}
        {(otherAgents ? otherAgents.split("\u0000") : []).map((agent) => (
          <label key={agent} className="check">
            <input
              type="checkbox"
              checked={chosenHandoffs.includes(agent)}
              onChange={(event) => {
                const next = event.target.checked ? [...chosenHandoffs, agent] : chosenHandoffs.filter((h) => h !== agent);
                store.getState().applyEdit(`Edit handoffs of ${id}`, (graph) => setHandoffs(graph, id, next));
              }}
            />
            {agent}
          </label>
        ))}
        <FieldIssues issues={useFieldIssues(`${path}.handoffs`)} />
      </fieldset>
      <div className="field-row">
        <NumberField label="Temperature" path={`${path}.temperature`} value={data.temperature} onCommit={(v) => set("temperature", v, "temperature")} />
        <NumberField label="Max tokens" path={`${path}.max_tokens`} value={data.max_tokens} onCommit={(v) => set("max_tokens", v, "max tokens")} />
        <NumberField label="Max steps" path={`${path}.max_steps`} value={data.max_steps} onCommit={(v) => set("max_steps", v, "max steps")} />
      </div>
      <OutputSchemaField id={id} value={data.output_schema} onCommit={(v) => set("output_schema", v, "output schema")} />
    </div>
  );
}

/** JSON Schema as JSON text; only a JSON object is committed, anything else says why. */
function OutputSchemaField({ id, value, onCommit }: { id: string; value: AgentData["output_schema"]; onCommit: (value: AgentData["output_schema"]) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Field label="Output schema (JSON Schema)" path={`agents.${id}.output_schema`}>
      <textarea
        className="code"
        rows={5}
        spellCheck={false}
        placeholder='{ "type": "object", "properties": { … } }'
        value={draft ?? (value ? JSON.stringify(value, null, 2) : "")}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          if (text.trim() === "") {
            setProblem(null);
            return onCommit(undefined);
          }
          try {
            const parsed: unknown = JSON.parse(text);
            if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return setProblem("A schema is a JSON object.");
            setProblem(null);
            onCommit(parsed as Record<string, unknown>);
          } catch (error) {
            setProblem(`Not JSON yet: ${(error as Error).message}`);
          }
        }}
        onBlur={() => {
          if (!problem) setDraft(null);
        }}
      />
      {problem ? <span className="field-hint">{problem}</span> : null}
    </Field>
  );
}
