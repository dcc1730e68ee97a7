"use client";

import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { ToolLogs } from "@/app/_components/tool-logs";
import { useServerAction } from "@/app/_components/use-server-action";
import type { ActionResult } from "@/app/_lib/action-result";
import type { ToolTestResult } from "@/lib/flows/toolTest";
import { formatDuration } from "@/lib/runs/format";

const FAILURE_LABEL: Record<string, string> = {
  timeout: "Timed out",
  memory: "Out of memory",
  output: "Result too large",
  thrown: "Threw an error",
  crash: "The sandbox crashed",
  cancelled: "Cancelled",
  arguments: "Arguments do not fit",
  parameters: "Parameters are not usable",
};

/** Sample arguments a tool's parameters suggest: one placeholder value per property. */
export function sampleArguments(parameters: Record<string, unknown>): string {
  const properties = (parameters.properties ?? {}) as Record<string, { type?: unknown }>;
  const sample = Object.fromEntries(
    Object.entries(properties).map(([name, spec]) => {
      const type = spec?.type;
      return [name, type === "number" || type === "integer" ? 1 : type === "boolean" ? true : type === "array" ? [] : type === "object" ? {} : "text"];
    }),
  );
  return JSON.stringify(sample, null, 2);
}

/** Sample arguments, a Test button, and what the call gave: result or error, logs, duration. */
export function ToolTest({ parameters, disabled, test }: { parameters: Record<string, unknown>; disabled: boolean; test: (args: Record<string, unknown>) => Promise<ActionResult<ToolTestResult>> }) {
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ToolTestResult | null>(null);
  const { run, pending, error } = useServerAction();
  const shown = text ?? sampleArguments(parameters);

  function start() {
    let args: unknown;
    try {
      args = JSON.parse(shown);
    } catch (failure) {
      return setProblem(`The arguments are not JSON: ${(failure as Error).message}`);
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) return setProblem("The arguments are a JSON object.");
    setProblem(null);
    run(() => test(args as Record<string, unknown>), setOutcome, () => setOutcome(null));
  }

  return (
    <section className="tool-test" aria-label="Test the tool">
      <label className="field">
        <span>Sample arguments (JSON)</span>
        <textarea className="code" rows={4} spellCheck={false} aria-label="Sample arguments" value={shown} onChange={(event) => setText(event.target.value)} />
      </label>
      <div className="toolbar">
        <button type="button" className="button primary" disabled={disabled || pending} onClick={start}>
          {pending ? "Testing…" : "Test"}
        </button>
        {outcome ? <span className="muted">took {formatDuration(outcome.durationMs)}</span> : null}
      </div>
      {problem ? <p className="field-hint">{problem}</p> : null}
      <ActionErrorAlert error={error} />
      {outcome ? (
        <div className="tool-test-outcome" role="status" aria-label="Test outcome">
          {outcome.ok ? (
            <>
              <strong>Result</strong>
              <pre className="tool-test-result">{JSON.stringify(outcome.result, null, 2)}</pre>
            </>
          ) : (
            <div className="node-error" role="alert">
              <b>{FAILURE_LABEL[outcome.error.kind] ?? "Failed"}</b>
              {outcome.error.line ? ` (line ${outcome.error.line})` : ""}: {outcome.error.message}
            </div>
          )}
          <strong>Logs</strong>
          <ToolLogs logs={outcome.logs} dropped={outcome.droppedLogs} />
        </div>
      ) : null}
    </section>
  );
}
