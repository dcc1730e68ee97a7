"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { testCodeToolAction } from "@/app/tools/actions";
import { ToolForm, type CodeToolDraft } from "@/app/tools/_components/tool-form";
import { saveTeamToolAction } from "./actions";

const NEW_TOOL: CodeToolDraft & { name: string } = {
  name: "",
  description: "",
  parameters: { type: "object", properties: { text: { type: "string", description: "The input" } }, required: ["text"] },
  code: 'console.log("called with", args);\nreturn { length: args.text.length };',
};

/** A team tool's form: typed here, kept on a failed save, saved as a whole. */
export function TeamToolEditor({ tool, readOnly }: { tool: (CodeToolDraft & { id: string; name: string }) | null; readOnly: boolean }) {
  const router = useRouter();
  const [value, setValue] = useState<CodeToolDraft & { name: string }>(tool ?? NEW_TOOL);
  const { run, pending, error } = useServerAction();
  const [saved, setSaved] = useState(false);

  function save() {
    setSaved(false);
    run(
      () => saveTeamToolAction({ toolId: tool?.id, tool: value }),
      (stored) => {
        setSaved(true);
        router.push(`/settings/tools?edit=${stored.id}`);
        router.refresh();
      },
    );
  }

  return (
    <div className="stack">
      <ToolForm
        name={
          <label className="field">
            <span>Name (agents use it)</span>
            <input type="text" value={value.name} readOnly={readOnly} spellCheck={false} placeholder="word_count" onChange={(event) => setValue({ ...value, name: event.target.value })} />
          </label>
        }
        value={value}
        onChange={(patch) => setValue({ ...value, ...patch })}
        readOnly={readOnly}
        canTest={!readOnly}
        test={(args) => testCodeToolAction({ tool: { parameters: value.parameters, code: value.code, timeout_ms: value.timeout_ms }, args })}
      />
      <ActionErrorAlert error={error} />
      {readOnly ? null : (
        <div className="toolbar">
          <button type="button" className="button primary" disabled={pending} onClick={save}>
            {pending ? "Saving…" : tool ? "Save the tool" : "Add the tool"}
          </button>
          {tool ? (
            <a className="button" href="/settings/tools">
              New tool
            </a>
          ) : null}
          {saved ? <span className="muted" role="status">Saved.</span> : null}
        </div>
      )}
    </div>
  );
}
