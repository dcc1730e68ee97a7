"use client";

import Link from "next/link";
import type { LayoutPrefs } from "./use-layout-prefs";

type Props = {
  flow: { id: string; name: string };
  version: number;
  readOnly: boolean;
  dirty: boolean;
  saving: boolean;
  message: string;
  onMessage: (message: string) => void;
  onSave: () => void;
  canShare: boolean;
  drawer: LayoutPrefs["drawer"];
  onDrawer: (drawer: LayoutPrefs["drawer"]) => void;
  onRename: () => void;
  onDelete: () => void;
  /** Opens "Evaluate this draft"; absent for those who may not run evaluations. */
  onEvaluate?: () => void;
};

const MORE_ID = "flow-more-actions";

/**
 * The editor's one row of commands, always in view: the flow, its version and state,
 * Save (with an optional message), Run, History, Share, and the rest under "More".
 */
export function EditorHeader(props: Props) {
  const { flow, version, readOnly, dirty, saving, drawer } = props;
  const toggle = (which: "run" | "versions") => props.onDrawer(drawer === which ? null : which);
  // A link in the menu (a download stays on the page) closes it like the buttons do.
  const closeMenu = () => document.getElementById(MORE_ID)?.hidePopover();
  return (
    <header className="editor-header" aria-label="Flow">
      <nav className="editor-title" aria-label="Breadcrumb">
        <Link href="/flows" className="muted">
          Flows
        </Link>
        <span className="muted">/</span>
        <h1 title={flow.name}>{flow.name}</h1>
        <span className="badge accent">v{version}</span>
        {dirty ? (
          <span className="badge unsaved" title="Not saved yet">
            ● unsaved
          </span>
        ) : null}
      </nav>
      <div className="editor-commands toolbar">
        {readOnly ? null : (
          <>
            <input
              type="text"
              className="version-message"
              aria-label="Version message"
              placeholder="Message (optional)"
              value={props.message}
              maxLength={500}
              onChange={(event) => props.onMessage(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") props.onSave();
              }}
            />
            <button className="button primary" onClick={props.onSave} disabled={saving || !dirty} title="Save a new version (Ctrl+S)">
              {saving ? "Saving…" : "Save version"}
            </button>
          </>
        )}
        <button className="button" aria-pressed={drawer === "run"} aria-label={drawer === "run" ? "Hide the run panel" : "Show the run panel"} onClick={() => toggle("run")}>
          ▶ Run
        </button>
        <button className="button" aria-pressed={drawer === "versions"} aria-label={drawer === "versions" ? "Hide versions" : "Show versions"} onClick={() => toggle("versions")}>
          History
        </button>
        {props.canShare ? (
          <Link className="button" href={`/settings/share-links?flow=${flow.id}`}>
            Share
          </Link>
        ) : null}
        <button className="button more-button" popoverTarget={MORE_ID} aria-label="More actions" title="Rename, export, delete">
          ⋯
        </button>
        <div id={MORE_ID} popover="auto" className="menu-popover card" role="menu">
          {/* A rename saves a new version (the name lives in the document): not over unsaved changes. */}
          <button
            role="menuitem"
            className="menu-item"
            popoverTarget={MORE_ID}
            popoverTargetAction="hide"
            onClick={props.onRename}
            disabled={dirty || readOnly}
            title={dirty ? "Save or discard your changes first: a rename saves a new version" : undefined}
          >
            Rename
          </button>
          {props.onEvaluate ? (
            <button role="menuitem" className="menu-item" popoverTarget={MORE_ID} popoverTargetAction="hide" onClick={props.onEvaluate} disabled={readOnly}>
              Evaluate this draft…
            </button>
          ) : null}
          <a role="menuitem" className="menu-item" href={`/flows/${flow.id}/export${readOnly ? `?version=${version}` : ""}`} download onClick={closeMenu}>
            Export YAML
          </a>
          <Link role="menuitem" className="menu-item" href={`/flows/${flow.id}/versions`} onClick={closeMenu}>
            History and compare
          </Link>
          <button role="menuitem" className="menu-item danger" popoverTarget={MORE_ID} popoverTargetAction="hide" onClick={props.onDelete}>
            Delete
          </button>
        </div>
      </div>
    </header>
  );
}
