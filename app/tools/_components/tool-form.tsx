"use client";

import "./tools.css";
import type { ReactNode } from "react";
import type { ActionResult } from "@/app/_lib/action-result";
import type { ToolTestResult } from "@/lib/flows/toolTest";
import { CodeEditor } from "./code-editor";
import { ParametersField } from "./parameters-field";
import { ToolTest } from "./tool-test";

/** A code tool as its form edits it (the DSL's shape: lib/dsl/types.ts CodeToolSpec, and a name). */
export type CodeToolDraft = { description: string; parameters: Record<string, unknown>; code: string; timeout_ms?: number };

/**
 * A code tool's fields beside its code and its test: the same form in the flow editor
 * (a document tool) and in Settings → Tools (a team tool). The name field belongs to the
 * caller (renaming a document tool renames its uses too).
 */
export function ToolForm(props: {
  name: ReactNode;
  value: CodeToolDraft;
  onChange: (patch: Partial<CodeToolDraft>) => void;
  readOnly: boolean;
  test: (args: Record<string, unknown>) => Promise<ActionResult<ToolTestResult>>;
  /** May this person test (run code on the server)? */
  canTest: boolean;
}) {
  const { value, onChange, readOnly } = props;
  return (
    <div className="tool-form">
      <div className="tool-form-fields stack">
        {props.name}
        <label className="field">
          <span>Description (the model reads it)</span>
          <textarea rows={2} value={value.description} readOnly={readOnly} onChange={(event) => onChange({ description: event.target.value })} />
        </label>
        <ParametersField value={value.parameters} readOnly={readOnly} onChange={(parameters) => onChange({ parameters })} />
        <label className="field tool-timeout">
          <span>Timeout (ms)</span>
          <input
            type="number"
            min={10}
            max={60000}
            placeholder="5000"
            value={value.timeout_ms ?? ""}
            readOnly={readOnly}
            onChange={(event) => onChange({ timeout_ms: event.target.value === "" ? undefined : Number(event.target.value) })}
          />
        </label>
      </div>
      <div className="tool-form-code stack">
        <div className="field">
          <span>
            Code: the body of <code>async (args) =&gt; {"{ … }"}</code>; return the result, <code>console.log</code> to log,{" "}
            <code>await fetch(url)</code> for public URLs
          </span>
          <CodeEditor label="Tool code" value={value.code} readOnly={readOnly} onChange={(code) => onChange({ code })} />
        </div>
        <ToolTest parameters={value.parameters} disabled={!props.canTest} test={(args) => props.test(args)} />
      </div>
    </div>
  );
}
