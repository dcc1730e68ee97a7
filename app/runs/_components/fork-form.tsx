"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import type { Message } from "@/lib/engine/model";
import { forkRunAction } from "../actions";

/**
 * "Fork from this call": edit what the model call sees (each message's text) and, for the
 * rest of the run, its agent's instructions or model; the new run reuses every step that
 * ended before this call and runs this call and what follows.
 */
export function ForkForm({ runId, nodeId, agentName, history }: { runId: string; nodeId: string; agentName: string; history: Message[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [texts, setTexts] = useState(() => history.map((message) => message.content));
  const [instructions, setInstructions] = useState("");
  const [model, setModel] = useState("");
  const { run, pending, error } = useServerAction();

  if (!open) {
    return (
      <button className="button" onClick={() => setOpen(true)} title="Start a new run from this call: the steps before it are reused, not paid again">
        Fork from this call…
      </button>
    );
  }
  const edited = history.map((message, i) => ({ ...message, content: texts[i] ?? message.content }) as Message);
  const changed = edited.some((message, i) => message.content !== history[i]?.content);
  const agentEdit = { ...(instructions.trim() ? { instructions } : {}), ...(model.trim() ? { model: model.trim() } : {}) };
  const submit = () =>
    run(
      () => forkRunAction({ runId, nodeId, edits: { ...(changed ? { messages: edited } : {}), ...(Object.keys(agentEdit).length ? { agents: { [agentName]: agentEdit } } : {}) } }),
      ({ runId: forkId }) => router.push(`/runs/${forkId}`),
    );

  return (
    <section className="fork-form" aria-label="Fork from this call">
      <h3 className="message-role">Fork from this call</h3>
      <p className="muted">What this call will see. Steps that ended before it are reused; it and everything after run anew.</p>
      {history.map((message, i) => (
        <label key={i} className="fork-message">
          <span className="message-role">{message.role}</span>
          <textarea value={texts[i] ?? ""} onChange={(event) => setTexts((all) => all.map((text, j) => (j === i ? event.target.value : text)))} rows={Math.min(8, 2 + Math.floor((texts[i]?.length ?? 0) / 60))} />
        </label>
      ))}
      <label className="fork-message">
        <span className="message-role">{agentName}&apos;s instructions from here on (empty: unchanged)</span>
        <textarea value={instructions} onChange={(event) => setInstructions(event.target.value)} rows={2} />
      </label>
      <label className="fork-message">
        <span className="message-role">{agentName}&apos;s model from here on (empty: unchanged)</span>
        <input value={model} onChange={(event) => setModel(event.target.value)} placeholder="e.g. mock:echo or openai:gpt-4o-mini" />
      </label>
      <div className="toolbar">
        <button className="button primary" onClick={submit} disabled={pending}>
          Start the fork
        </button>
        <button className="button" onClick={() => setOpen(false)} disabled={pending}>
          Close
        </button>
      </div>
      <ActionErrorAlert error={error} />
    </section>
  );
}
