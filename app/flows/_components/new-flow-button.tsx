"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { Dialog } from "@/app/_components/dialog";
import { useServerAction } from "@/app/_components/use-server-action";
import { createFlowAction } from "../actions";

type TemplateSummary = { id: string; name: string; description: string };

export function NewFlowButton({ templates }: { templates: TemplateSummary[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? "blank");
  const { run, pending, error } = useServerAction();
  const template = templates.find((candidate) => candidate.id === templateId);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    run(
      () => createFlowAction({ name: name.trim() || undefined, templateId }),
      (data) => router.push(`/flows/${data.id}`),
    );
  }

  return (
    <>
      <button className="button primary" onClick={() => setOpen(true)}>
        New flow
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="New flow">
        <form onSubmit={submit}>
          <label>
            Name
            <input type="text" value={name} placeholder={template?.name} maxLength={120} onChange={(e) => setName(e.target.value)} autoFocus />
          </label>
          <label>
            Start from
            <select value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
              {templates.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.id === "blank" ? "Blank" : candidate.name}
                </option>
              ))}
            </select>
            <span>{template?.description}</span>
          </label>
          <ActionErrorAlert error={error} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="button primary" disabled={pending}>
              {pending ? "Creating…" : "Create"}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
