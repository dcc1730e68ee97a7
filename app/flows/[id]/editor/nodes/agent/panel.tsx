"use client";

import { useMemo, useState } from "react";
import { providerCatalog } from "@/lib/providers/catalog";
import { Field, FieldIssues, NameField, NumberField, useFieldIssues, useTyped } from "../../components/fields";
import { handoffsOf, setHandoffs, updateData } from "../../fns/graph-edits";
import { agentIdList } from "../../store";
import { useEditor, useEditorStore } from "../../store/context";
import { DEFAULT_MODEL } from "@/lib/engine/agent";
import { pickableModels } from "../../fns/model-check";
import { resolveModel } from "./model";
import type { AgentData } from "./types";
import type { ToolListing } from "@/lib/tools/catalog";
import { toolGroups, toolListing } from "../../fns/tool-listing";

/** A tool the page knows (built-in, the team's); the document's own come from the store. */
export type ToolOption = ToolListing;

/** Every field of an agent; each change is an undo step (typing in one field coalesces). */
export function AgentPanel({ id, data, tools }: { id: string; data: AgentData; tools: readonly ToolOption[] }) {
  const store = useEditorStore();
  // A keystroke changes only the typed field's pending value (see typeField); clicks edit the graph.
  const type = (field: keyof AgentData, value: unknown, label: string) => store.getState().typeField(`Edit ${label} of ${id}`, id, field, value);

  return (
    <div className="stack panel-fields">
      <NameField id={id} />
      <ModelFields id={id} stored={data.model} onType={(value) => type("model", value, "model")} />
      <InstructionsField id={id} stored={data.instructions} onType={(value) => type("instructions", value, "instructions")} />
      <ToolsField id={id} selected={data.tools} tools={tools} />
      <HandoffsField id={id} />
      <div className="field-row">
        <TypedNumber label="Max steps" id={id} field="max_steps" stored={data.max_steps} onType={(v) => type("max_steps", v, "max steps")} />
        <TypedNumber label="Temperature" id={id} field="temperature" stored={data.temperature} onType={(v) => type("temperature", v, "temperature")} />
        <TypedNumber label="Max tokens" id={id} field="max_tokens" stored={data.max_tokens} onType={(v) => type("max_tokens", v, "max tokens")} />
      </div>
      <OutputSchemaField id={id} stored={data.output_schema} onCommit={(v) => type("output_schema", v, "output schema")} />
    </div>
  );
}

/**
 * The model: picked from the models of providers that have a key (and the offline mock
 * ones), or typed freely. Providers without a key are listed, disabled, saying so.
 */
function ModelFields({ id, stored, onType }: { id: string; stored: string | undefined; onType: (value: string | undefined) => void }) {
  const value = useTyped(id, "model", stored);
  const model = useEditor((state) => resolveModel(value, state.graph.settings.vars));
  const keyed = useEditor((state) => state.keyedProviders);
  const groups = useMemo(() => pickableModels(keyed ?? new Set(providerCatalog.map((p) => p.id))), [keyed]);
  const listed = groups.some((group) => group.available && group.models.includes(value ?? ""));
  return (
    /* One per row: model strings are long (mock:tool?name=…&args=…). */
    <div className="stack field-stack">
      <Field label="Pick a model">
        <select className="model-picker" value={listed ? value : ""} onChange={(event) => event.target.value && onType(event.target.value)}>
          <option value="">{listed ? "" : "(typed below)"}</option>
          {groups.map((group) => (
            <optgroup key={group.id} label={group.available ? group.label : `${group.label} — no key (Settings → Provider keys)`} disabled={!group.available}>
              {group.models.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <Field label="Model (any provider:model)" path={`agents.${id}.model`}>
        <input type="text" list="editor-model-options" value={value ?? ""} placeholder={DEFAULT_MODEL} spellCheck={false} onChange={(event) => onType(event.target.value || undefined)} />
        {value && value !== model ? <span className="model-resolved">= {model}</span> : null}
      </Field>
      <datalist id="editor-model-options">
        {groups
          .filter((group) => group.available)
          .flatMap((group) => group.models)
          .map((option) => (
            <option key={option} value={option} />
          ))}
      </datalist>
    </div>
  );
}

function InstructionsField({ id, stored, onType }: { id: string; stored: string | undefined; onType: (value: string | undefined) => void }) {
  const value = useTyped(id, "instructions", stored);
  return (
    <Field label="Instructions" path={`agents.${id}.instructions`}>
      <textarea
        className="code instructions"
        rows={10}
        value={value ?? ""}
        placeholder="What this agent does, how, and what it answers with."
        onChange={(event) => onType(event.target.value || undefined)}
      />
    </Field>
  );
}

function TypedNumber(props: { label: string; id: string; field: keyof AgentData; stored: number | string | undefined; onType: (value: number | string | undefined) => void }) {
  const value = useTyped(props.id, props.field, props.stored);
  return <NumberField label={props.label} path={`agents.${props.id}.${props.field}`} value={value} onCommit={props.onType} />;
}

/** Every tool the agent may name, in groups by kind (the document's, MCP, the team's, built-in). */
function ToolsField({ id, selected, tools }: { id: string; selected: string[] | undefined; tools: readonly ToolOption[] }) {
  const store = useEditorStore();
  const documentTools = useEditor((state) => state.graph.settings.tools);
  const groups = useMemo(() => toolGroups(toolListing(tools, documentTools)), [tools, documentTools]);
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...(selected ?? []), name] : (selected ?? []).filter((t) => t !== name);
    store.getState().applyEdit(`Edit tools of ${id}`, (graph) => updateData(graph, id, { tools: next.length > 0 ? next : undefined }));
  };
  return (
    <fieldset className="field">
      <legend>Tools</legend>
      {groups.map((group) => (
        <div key={group.kind} className="tool-group" role="group" aria-label={group.label}>
          <span className="tool-group-label">{group.label}</span>
          {group.tools.map((tool) => (
            <label key={tool.name} className="check" title={tool.description}>
              <input type="checkbox" checked={selected?.includes(tool.name) ?? false} onChange={(event) => toggle(tool.name, event.target.checked)} />
              {tool.name}
            </label>
          ))}
        </div>
      ))}
      <FieldIssues issues={useFieldIssues(`agents.${id}.tools`)} />
    </fieldset>
  );
}

/**
 * The agents this one may hand off to: the chosen ones with a remove button, and a list to
 * add one (a flow may have a thousand agents: no checkbox per agent).
 */
function HandoffsField({ id }: { id: string }) {
  const store = useEditorStore();
  const handoffs = useEditor((state) => handoffsOf(state.graph, id).join("\u0000"));
  const allAgents = useEditor((state) => agentIdList(state.graph.nodes));
  const otherAgents = useMemo(() => allAgents.split("\u0000").filter((agent) => agent && agent !== id).join("\u0000"), [allAgents, id]);
  const chosen = handoffs ? handoffs.split("\u0000") : [];
  const candidates = useMemo(() => {
    const taken = new Set(handoffs.split("\u0000"));
    return (otherAgents ? otherAgents.split("\u0000") : []).filter((agent) => !taken.has(agent));
  }, [otherAgents, handoffs]);
  const setTo = (next: string[]) => store.getState().applyEdit(`Edit handoffs of ${id}`, (graph) => setHandoffs(graph, id, next));
  return (
    <fieldset className="field">
      <legend>Handoffs</legend>
      {otherAgents === "" ? <span className="muted">No other agents yet.</span> : null}
      {chosen.length > 0 ? (
        <ul className="handoff-list" aria-label="Hands off to">
          {chosen.map((agent) => (
            <li key={agent}>
              <span>{agent}</span>
              <button type="button" className="button small" aria-label={`Remove the handoff to ${agent}`} onClick={() => setTo(chosen.filter((h) => h !== agent))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {candidates.length > 0 ? (
        <select aria-label="Add a handoff" value="" onChange={(event) => event.target.value && setTo([...chosen, event.target.value])}>
          <option value="">Add a handoff to…</option>
          {candidates.map((agent) => (
            <option key={agent} value={agent}>
              {agent}
            </option>
          ))}
        </select>
      ) : null}
      <FieldIssues issues={useFieldIssues(`agents.${id}.handoffs`)} />
    </fieldset>
  );
}

/** JSON Schema as JSON text; only a JSON object is committed, anything else says why. */
function OutputSchemaField({ id, stored, onCommit }: { id: string; stored: AgentData["output_schema"]; onCommit: (value: AgentData["output_schema"]) => void }) {
  const value = useTyped(id, "output_schema", stored);
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
