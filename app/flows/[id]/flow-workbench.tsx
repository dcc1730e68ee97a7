"use client";

import type { McpServerListing } from "@/lib/tools/catalog";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { draftVersionOf, resetDraft } from "@/lib/coedit/draftText";
import { DeleteDialog, RenameDialog } from "../_components/flow-row-actions";
import { saveAsNewFlowAction, saveFlowAction } from "../actions";
import { EditorSkeleton } from "./editor/components/editor-skeleton";
import { useCoedit } from "./editor/coedit/use-coedit";
import type { ToolOption } from "./editor/nodes/agent/panel";
import { FlowRunProvider } from "./run/flow-run-context";
import { RunPanel } from "./run/run-panel";
import type { DatasetChoice } from "@/app/evaluations/_components/new-evaluation-form";
import { useDraft } from "./use-draft";
import { EditorHeader } from "./workbench/editor-header";
import { EvaluateDraftDialog } from "./workbench/evaluate-draft-dialog";
import { Toasts, useToasts } from "./workbench/toasts";
import { useLayoutPrefs } from "./workbench/use-layout-prefs";
import { VersionsList, type VersionSummary } from "./workbench/versions-list";

// The canvas measures the browser's layout; there is nothing to render on the server.
const SwarmEditor = dynamic(() => import("./editor/editor").then((m) => m.SwarmEditor), {
  ssr: false,
  loading: () => <EditorSkeleton />,
});

type Props = {
  flow: { id: string; name: string };
  latest: { number: number; document: string };
  /** An older version opened read-only, or null when editing the latest. */
  viewing: { number: number; document: string } | null;
  versions: VersionSummary[];
  tools: readonly ToolOption[];
  /** The team's MCP servers and their tools, to bind into the flow. */
  mcpServers: readonly McpServerListing[];
  /** May this person run a code tool's Test (editors)? */
  canTestTools: boolean;
  /** Providers with a key (team or server): the editor and the run panel warn about the others. */
  keyedProviders: readonly string[];
  /** Whose layout preferences (panes shown, drawer open) to remember. */
  userId: string;
  /** The name others see next to this person's cursor and selection. */
  userName: string;
  /** Whether this person's role may change the flow (a viewer's live edits are refused). */
  canEdit: boolean;
  canShare: boolean;
  /** A node to select and centre when the editor opens (from a run's timeline). */
  focusNode?: string;
  /** What "Evaluate this draft" offers; null for those who may not run evaluations. */
  evaluation: { datasets: DatasetChoice[]; defaultScorers: string[] | null } | null;
};

/** The editor page: a sticky header, the editor filling the window, a run or versions drawer. */
export function FlowWorkbench({ flow, latest, viewing, versions, tools, mcpServers, canTestTools, keyedProviders, userId, userName, canEdit, canShare, focusNode, evaluation }: Props) {
  const router = useRouter();
  const draft = useDraft(flow.id, latest.number, latest.document);
  const [message, setMessage] = useState("");
  const { run, pending: saving, error, setError } = useServerAction();
  const [dialog, setDialog] = useState<"rename" | "delete" | "evaluate" | null>(null);
  const [prefs, setPrefs] = useLayoutPrefs(userId);
  const { toasts, push, dismiss } = useToasts();
  const readOnly = viewing !== null;
  // The latest version is edited live with everyone who has it open; an old version is not.
  const coedit = useCoedit(flow.id, { id: userId, name: userName }, !readOnly);
  const live = coedit.session;
  // Live, the shared draft says which version it stands on (the others' saves move it): only the text counts.
  const dirty = !readOnly && (draft.text !== latest.document || (!live && draft.baseVersion !== latest.number));
  const version = viewing?.number ?? latest.number;
  // A run just after a save runs the version saved, even before the page has reloaded it.
  const runVersion = viewing?.number ?? Math.max(latest.number, draft.baseVersion);

  const save = useCallback(
    (baseVersion?: number) => {
      if (readOnly || saving) return;
      // Live, the shared draft is saved on the version it stands on (a save by someone
      // editing without the socket still shows the conflict choices below).
      const base = baseVersion ?? (live ? (draftVersionOf(live.doc) ?? draft.baseVersion) : draft.baseVersion);
      // A draft the server refused as too large was never shared: saved, the shared draft follows it, and this page joins again.
      const unshared = coedit.status === "too-large";
      run(
        () => saveFlowAction({ flowId: flow.id, document: draft.text, baseVersion: base, message, fromSharedDraft: live !== null && !unshared }),
        ({ version: saved }) => {
          if (unshared) coedit.rejoin();
          // Never back: a version written meanwhile (a rename) may already have moved the draft on.
          else if (live && (draftVersionOf(live.doc) ?? 0) < saved) live.meta.set("version", saved);
          draft.markSaved(saved);
          setMessage("");
          push("success", `Saved as version ${saved}.`);
          router.refresh();
        },
        (failed) => push("error", failed.conflict ? "Not saved: someone saved a newer version. Your changes are kept." : "Not saved: see the problem above the editor."),
      );
    },
    [readOnly, saving, run, flow.id, draft, message, router, push, live, coedit.status, coedit.rejoin],
  );

  function overwrite(version: number) {
    draft.rebase(version);
    save(version);
  }

  /** Back to the saved version: live, the shared draft too, for everyone who has it open. */
  function discardUnsaved() {
    if (live) resetDraft(live.doc, latest.document, latest.number);
    draft.discard();
  }

  function saveAsCopy() {
    run(
      () => saveAsNewFlowAction({ name: `${flow.name} (copy)`, document: draft.text }),
      ({ id }) => {
        draft.clear();
        router.push(`/flows/${id}`);
      },
    );
  }

  // Live, a version saved by someone else (or one the draft followed: a rename, a restore)
  // moves the shared draft onto it: load that version, so the header and history say so.
  useEffect(() => {
    if (!live) return;
    const onMeta = () => {
      const standsOn = draftVersionOf(live.doc);
      if (standsOn !== null && standsOn > latest.number) router.refresh();
    };
    live.meta.observe(onMeta);
    return () => live.meta.unobserve(onMeta);
  }, [live, latest.number, router]);

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
    <FlowRunProvider initialFocus={focusNode ? { agent: focusNode, from: "run" } : null}>
      <div className="flow-workbench">
        <EditorHeader
          flow={flow}
          version={version}
          readOnly={readOnly}
          dirty={dirty}
          saving={saving}
          message={message}
          onMessage={setMessage}
          onSave={() => save()}
          canShare={canShare}
          drawer={prefs.drawer}
          onDrawer={(drawer) => setPrefs({ drawer })}
          onRename={() => setDialog("rename")}
          onDelete={() => setDialog("delete")}
          onEvaluate={evaluation ? () => setDialog("evaluate") : undefined}
        />

        <div className="workbench-alerts">
          {draft.restored ? (
            <div className="alert info" role="status">
              Restored the unsaved changes you had made in this browser.{" "}
              <button className="button small" onClick={discardUnsaved}>
                Discard them
              </button>
            </div>
          ) : null}
          {readOnly ? (
            <div className="alert info" role="status">
              You are viewing version {viewing.number} (read-only). <Link href={`/flows/${flow.id}`}>Back to the latest version</Link>
            </div>
          ) : null}
          <ActionErrorAlert error={error} />
          {error?.conflict ? (
            <div className="toolbar conflict-choices">
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
        </div>

        <div className={`workbench-body${prefs.drawer ? " with-drawer" : ""}`}>
          <SwarmEditor
            key={viewing ? `version-${viewing.number}` : `draft-${draft.revision}`}
            initialText={viewing?.document ?? draft.text}
            readOnly={readOnly}
            tools={tools}
            mcpServers={mcpServers}
            flowId={flow.id}
            canTestTools={canTestTools}
            keyedProviders={keyedProviders}
            flowName={flow.name}
            layout={prefs}
            onLayout={setPrefs}
            onTextChange={(text) => draft.setText(text)}
            coedit={live}
            savedText={latest.document}
            coeditStatus={readOnly ? undefined : coedit.status === "live" && !canEdit ? "read-only" : coedit.status}
          />
          {prefs.drawer ? (
            <aside className="workbench-drawer" aria-label={prefs.drawer === "run" ? "Run drawer" : "Versions drawer"}>
              <button type="button" className="drawer-close" aria-label="Close the drawer" onClick={() => setPrefs({ drawer: null })}>
                ×
              </button>
              {prefs.drawer === "run" ? (
                <RunPanel flowId={flow.id} version={runVersion} document={viewing?.document ?? latest.document} keyedProviders={keyedProviders} unsaved={dirty} />
              ) : (
                <VersionsList flowId={flow.id} versions={versions} latest={latest.number} current={version} />
              )}
            </aside>
          ) : null}
        </div>
        <Toasts toasts={toasts} dismiss={dismiss} />
        {dialog === "rename" ? <RenameDialog flowId={flow.id} name={flow.name} onClose={() => setDialog(null)} /> : null}
        {dialog === "evaluate" && evaluation ? (
          <EvaluateDraftDialog
            flowId={flow.id}
            document={draft.text}
            baseVersion={draft.baseVersion}
            datasets={evaluation.datasets}
            defaultScorers={evaluation.defaultScorers}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === "delete" ? (
          <DeleteDialog flowId={flow.id} name={flow.name} onClose={() => setDialog(null)} afterDelete={() => router.push("/flows")} />
        ) : null}
      </div>
    </FlowRunProvider>
  );
}
