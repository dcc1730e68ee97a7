"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, useTransition } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import type { ActionError } from "@/app/_lib/action-result";
import { DeleteDialog, RenameDialog } from "../_components/flow-row-actions";
import { saveAsNewFlowAction, saveFlowAction } from "../actions";
import type { ToolOption } from "./editor/nodes/agent/panel";
import { FlowRunProvider } from "./run/flow-run-context";
import { RunPanel } from "./run/run-panel";
import { useDraft } from "./use-draft";

// The canvas measures the browser's layout; there is nothing to render on the server.
const SwarmEditor = dynamic(() => import("./editor/editor").then((m) => m.SwarmEditor), {
  ssr: false,
  loading: () => <div className="swarm-editor" aria-busy="true" />,
});

type VersionSummary = { number: number; message: string | null; createdAt: string; author: string | null };

type Props = {
  flow: { id: string; name: string };
  latest: { number: number; document: string };
  /** An older version opened read-only, or null when editing the latest. */
  viewing: { number: number; document: string } | null;
  versions: VersionSummary[];
  tools: readonly ToolOption[];
};

export function FlowWorkbench({ flow, latest, viewing, versions, tools }: Props) {
  const router = useRouter();
  const draft = useDraft(flow.id, latest.number, latest.document);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [saving, startSaving] = useTransition();
  const readOnly = viewing !== null;
  const dirty = !readOnly && (draft.text !== latest.document || draft.baseVersion !== latest.number);

  const save = useCallback(
    (baseVersion = draft.baseVersion) => {
    if (readOnly || saving) return;
    setError(null);
    startSaving(async () => {
      const result = await saveFlowAction({ flowId: flow.id, document: draft.text, baseVersion, message });
      if (!result.ok) return setError(result);
      draft.markSaved(result.data.version);
      setMessage("");
      setNotice(`Saved as version ${result.data.version}.`);
      router.refresh();
    });
    },
    [readOnly, saving, flow.id, draft, message, router],
  );

  function overwrite(version: number) {
    draft.rebase(version);
    save(version);
  }

  function saveAsCopy() {
    startSaving(async () => {
      const result = await saveAsNewFlowAction({ name: `${flow.name} (copy)`, document: draft.text });
      if (!result.ok) return setError(result);
      draft.clear();
      router.push(`/flows/${result.data.id}`);
    });
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        save();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <FlowRunProvider>
    <div className="page" style={{ maxWidth: "none" }}>
      <div className="page-header">
        <div>
          <div className="toolbar">
            <Link href="/flows" className="muted">
              Flows
            </Link>
            <span className="muted">/</span>
            <h1>{flow.name}</h1>
            <span className="badge accent">v{viewing?.number ?? latest.number}</span>
            {dirty ? <span className="badge" title="Not saved yet">● unsaved</span> : null}
          </div>
        </div>
        <div className="toolbar">
          <button className="button" onClick={() => setDialog("rename")}>
            Rename
          </button>
          <a className="button" href={`/flows/${flow.id}/export${viewing ? `?version=${viewing.number}` : ""}`} download>
            Export YAML
          </a>
          <button className="button danger" onClick={() => setDialog("delete")}>
            Delete
          </button>
        </div>
      </div>

      {draft.restored ? (
        <div className="alert info" role="status">
          Restored the unsaved changes you had made in this browser.{" "}
          <button className="button small" onClick={draft.discard}>
            Discard them
          </button>
        </div>
      ) : null}
      {readOnly ? (
        <div className="alert info" role="status">
          You are viewing version {viewing.number} (read-only). <Link href={`/flows/${flow.id}`}>Back to the latest version</Link>
        </div>
      ) : null}

      <SwarmEditor
        key={viewing ? `version-${viewing.number}` : `draft-${draft.revision}`}
        initialText={viewing?.document ?? draft.text}
        readOnly={readOnly}
        tools={tools}
        onTextChange={(text) => {
          setNotice(null);
          draft.setText(text);
        }}
      />

      <RunPanel flowId={flow.id} version={viewing?.number ?? latest.number} unsaved={dirty} />

      <div className="workbench" style={{ marginTop: 16 }}>
        <section className="card panel stack" aria-label="Save">
          {readOnly ? null : (
            <div className="toolbar">
              <input
                type="text"
                aria-label="Version message"
                placeholder="Describe this change (optional)"
                value={message}
                maxLength={500}
                onChange={(event) => setMessage(event.target.value)}
                style={{ flex: 1, minWidth: 200 }}
              />
              <button className="button primary" onClick={() => save()} disabled={saving || !dirty} title="Save a new version (Ctrl+S)">
                {saving ? "Saving…" : "Save version"}
              </button>
            </div>
          )}
          <ActionErrorAlert error={error} />
          {error?.conflict ? (
            <div className="toolbar">
              <span className="muted">Your changes are kept here. You can:</span>
              <button className="button small" onClick={saveAsCopy}>
                Save mine as a new flow
              </button>
              <button className="button small" onClick={() => overwrite(error.conflict!.latestVersion)}>
                Save mine over version {error.conflict.latestVersion}
              </button>
              <button
                className="button small danger"
                onClick={() => {
                  draft.discard();
                  setError(null);
                  router.refresh();
                }}
              >
                Discard mine, load version {error.conflict.latestVersion}
              </button>
            </div>
          ) : null}
          <div className="status-line" role="status">
            {notice}
          </div>
        </section>
        <aside className="card" aria-label="Versions">
          <div className="panel toolbar" style={{ paddingBottom: 6, justifyContent: "space-between" }}>
            <h2 style={{ margin: 0 }}>Versions</h2>
            <Link className="button small" href={`/flows/${flow.id}/versions`}>
              History and compare
            </Link>
          </div>
          <ol className="versions">
            {versions.map((version) => {
              const current = version.number === (viewing?.number ?? latest.number);
              return (
                <li key={version.number} aria-current={current}>
                  <Link href={version.number === latest.number ? `/flows/${flow.id}` : `/flows/${flow.id}?version=${version.number}`}>
                    Version {version.number}
                    {version.number === latest.number ? " (latest)" : ""}
                  </Link>
                  <span className="muted" style={{ fontSize: 12 }}>
                    {new Date(version.createdAt).toLocaleString()}
                    {version.author ? ` · ${version.author}` : ""}
                  </span>
                  {version.message ? <span style={{ fontSize: 13 }}>{version.message}</span> : null}
                </li>
              );
            })}
          </ol>
        </aside>
      </div>
      {dialog === "rename" ? <RenameDialog flowId={flow.id} name={flow.name} onClose={() => setDialog(null)} /> : null}
      {dialog === "delete" ? (
        <DeleteDialog flowId={flow.id} name={flow.name} onClose={() => setDialog(null)} afterDelete={() => router.push("/flows")} />
      ) : null}
    </div>
    </FlowRunProvider>
  );
}
