"use client";

import { useState } from "react";

type Schema = Record<string, unknown>;
type Property = { name: string; type: string; description: string; required: boolean };

const TYPES = ["string", "number", "integer", "boolean", "object", "array"] as const;

function propertiesOf(schema: Schema): Property[] {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, spec]) => ({
    name,
    type: typeof spec?.type === "string" ? spec.type : "string",
    description: typeof spec?.description === "string" ? spec.description : "",
    required: required.has(name),
  }));
}

/** The schema with the form's rows; other keys of the schema and of each property are kept as they were. */
function withProperties(schema: Schema, rows: Property[]): Schema {
  const before = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const properties = Object.fromEntries(
    rows.map((row, i) => {
      const old = before[row.name] ?? before[propertiesOf(schema)[i]?.name ?? ""] ?? {};
      const { description: _description, ...rest } = old;
      return [row.name, { ...rest, type: row.type, ...(row.description ? { description: row.description } : {}) }];
    }),
  );
  const required = rows.filter((row) => row.required).map((row) => row.name);
  const { required: _required, ...others } = schema;
  return { ...others, type: "object", properties, ...(required.length ? { required } : {}) };
}

function freeName(rows: Property[]): string {
  for (let i = rows.length + 1; ; i++) if (!rows.some((row) => row.name === `arg${i}`)) return `arg${i}`;
}

/**
 * A tool's parameters (a JSON Schema object) edited as a form — name, type, description and
 * required per property — or as JSON; both show the same stored schema.
 */
export function ParametersField({ value, onChange, readOnly }: { value: Schema; onChange: (value: Schema) => void; readOnly: boolean }) {
  const [mode, setMode] = useState<"form" | "json">("form");
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rows = propertiesOf(value);
  const setRows = (next: Property[]) => onChange(withProperties(value, next));
  const edit = (i: number, patch: Partial<Property>) => setRows(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));

  return (
    <fieldset className="field tool-parameters">
      <legend>
        Parameters{" "}
        <span className="segmented" role="group" aria-label="Edit the parameters as">
          {(["form", "json"] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="button small"
              aria-pressed={mode === option}
              onClick={() => {
                setDraft(null);
                setProblem(null);
                setMode(option);
              }}
            >
              {option === "form" ? "Form" : "JSON"}
            </button>
          ))}
        </span>
      </legend>
      {mode === "form" ? (
        <>
          {rows.length === 0 ? <p className="muted">No parameters: the tool gets an empty object.</p> : null}
          {rows.map((row, i) => (
            <div className="parameter-row" key={i}>
              <input aria-label={`Parameter ${i + 1} name`} value={row.name} readOnly={readOnly} spellCheck={false} onChange={(event) => edit(i, { name: event.target.value })} />
              <select aria-label={`Parameter ${i + 1} type`} value={row.type} disabled={readOnly} onChange={(event) => edit(i, { type: event.target.value })}>
                {TYPES.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
              <input aria-label={`Parameter ${i + 1} description`} placeholder="description" value={row.description} readOnly={readOnly} onChange={(event) => edit(i, { description: event.target.value })} />
              <label className="check" title="The model must give it">
                <input type="checkbox" aria-label={`Parameter ${i + 1} required`} checked={row.required} disabled={readOnly} onChange={(event) => edit(i, { required: event.target.checked })} />
                req.
              </label>
              <button type="button" className="button small" aria-label={`Remove parameter ${row.name}`} disabled={readOnly} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                ×
              </button>
            </div>
          ))}
          <button type="button" className="button small" disabled={readOnly} onClick={() => setRows([...rows, { name: freeName(rows), type: "string", description: "", required: false }])}>
            Add a parameter
          </button>
        </>
      ) : (
        <>
          <textarea
            className="code"
            rows={7}
            aria-label="Parameters as JSON Schema"
            spellCheck={false}
            readOnly={readOnly}
            value={draft ?? JSON.stringify(value, null, 2)}
            onChange={(event) => {
              const text = event.target.value;
              setDraft(text);
              try {
                const parsed: unknown = JSON.parse(text);
                if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || (parsed as Schema).type !== "object") {
                  return setProblem('Parameters are a JSON Schema object: { "type": "object", "properties": { … } }.');
                }
                setProblem(null);
                onChange(parsed as Schema);
              } catch (error) {
                setProblem(`Not JSON yet: ${(error as Error).message}`);
              }
            }}
            onBlur={() => problem === null && setDraft(null)}
          />
          {problem ? <span className="field-hint">{problem}</span> : null}
        </>
      )}
    </fieldset>
  );
}
