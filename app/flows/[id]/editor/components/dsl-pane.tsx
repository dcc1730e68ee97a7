"use client";

import { autocompletion, type CompletionSource } from "@codemirror/autocomplete";
import { indentLess, indentMore } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { defaultHighlightStyle, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { Annotation, EditorSelection, EditorState, RangeSetBuilder, StateEffect, StateField } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, highlightActiveLine, keymap, lineNumbers, ViewPlugin } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { yCollab, ySyncAnnotation } from "y-codemirror.next";
import { changedRange } from "@/lib/coedit/textEdits";
import { type LiveEditing, useLiveEditing } from "../coedit/context";
import { remoteCursors } from "../coedit/remote-cursors";
import type { DocumentError } from "@/lib/dsl/types";
import { providerCatalog } from "@/lib/providers/catalog";
import { dslCompletions, indentAfter, namesInText } from "../fns/dsl-completion";
import type { EditorStore } from "../store";
import { useEditor, useEditorStore } from "../store/context";

/** Marks a change that came from the store (canvas edit, undo), so it is not sent back. */
const fromStore = Annotation.define<boolean>();

const setErrorLines = StateEffect.define<number[]>();

/** Lines with a problem get a red background; the list under the editor says what. */
const errorLines = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, transaction) {
    let next = value.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorLines)) continue;
      const builder = new RangeSetBuilder<Decoration>();
      const doc = transaction.state.doc;
      for (const line of [...new Set(effect.value)].sort((a, b) => a - b)) {
        if (line >= 1 && line <= doc.lines) builder.add(doc.line(line).from, doc.line(line).from, Decoration.line({ class: "cm-error-line" }));
      }
      next = builder.finish();
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * A code editor's keys, in YAML's terms: Tab indents the selected lines (two spaces: YAML
 * forbids tabs) or inserts two spaces, Shift+Tab outdents, Enter keeps the indentation
 * and goes one level deeper after `key:`.
 */
const yamlKeys = keymap.of([
  {
    key: "Tab",
    run: (view) => {
      if (view.state.selection.ranges.some((range) => !range.empty)) return indentMore(view);
      view.dispatch(view.state.replaceSelection("  "));
      return true;
    },
    shift: indentLess,
  },
  {
    key: "Enter",
    run: (view) => {
      const { state } = view;
      view.dispatch(
        state.changeByRange((range) => {
          const line = state.doc.lineAt(range.from);
          const insert = `\n${indentAfter(line.text.slice(0, range.from - line.from))}`;
          return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(range.from + insert.length) };
        }),
      );
      return true;
    },
  },
]);

const MODELS = providerCatalog.flatMap((provider) => provider.exampleModels);

/** Completion from the document's schema and names (the canvas's last graph) and the tool catalog. */
function completionSource(store: EditorStore): CompletionSource {
  return (context) => {
    const { graph, tools } = store.getState();
    const text = context.state.doc.toString();
    // The text's own names (it may be broken), then the canvas's.
    const typed = namesInText(text);
    const agents = [...new Set([...typed.agents, ...graph.nodes.filter((node) => node.type === "agent").map((node) => node.id)])];
    const containers = [...new Set([...typed.containers, ...graph.nodes.filter((node) => node.type !== "agent").map((node) => node.id)])];
    const result = dslCompletions(text, context.pos, { agents, containers, tools, models: MODELS });
    if (!result) return null;
    // Typed keys pop up as you type; values and names too, once a character is typed or on Ctrl+Space.
    if (result.from === context.pos && !context.explicit) return null;
    return { from: result.from, options: result.options, validFor: /^[\w:?=&.-]*$/ };
  };
}

/**
 * Live, typing here reaches the shared Y.Text without the store (yCollab): its undo steps
 * are cut as the store's editText cuts them alone. Typing merges into one step; a paste or
 * a replaced block is a step of its own. Listed before yCollab, so it runs before the edit
 * is written to the Y.Text.
 */
function liveUndoSteps(store: EditorStore) {
  return ViewPlugin.define(() => ({
    update(update) {
      // Remote edits and this person's undo arrive through yCollab itself.
      if (!update.docChanged || update.transactions.some((t) => t.annotation(ySyncAnnotation) !== undefined)) return;
      const typing = Math.abs(update.state.doc.length - update.startState.doc.length) <= 2;
      store.getState().undoProvider?.record("Edit DSL", typing ? "dsl" : undefined);
    },
  }));
}

/**
 * Creates the editor in `parent`; returns its teardown. Alone, it mirrors the store and
 * sends typing to it. Live, it edits the shared Y.Text itself (remote cursors, this
 * person's undo), which the store follows (coedit/bind-store.ts): only problems are mirrored.
 */
function mountCodeMirror(store: EditorStore, parent: HTMLElement, readOnly: boolean, viewRef: { current: EditorView | null }, live: LiveEditing | null): () => void {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: live ? live.session.text.toString() : store.getState().text,
      extensions: [
        lineNumbers(),
        highlightActiveLine(),
        yaml(),
        syntaxHighlighting(defaultHighlightStyle),
        indentUnit.of("  "),
        yamlKeys,
        autocompletion({ override: [completionSource(store)], icons: false }),
        errorLines,
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": "Swarm document" }),
        // Pending inspector typing reaches the text before the user types here.
        EditorView.domEventHandlers({ focus: () => store.getState().flushText() }),
        live
          ? [
              liveUndoSteps(store),
              // Without awareness yCollab draws no cursors: its caret's name could become text (remote-cursors.ts).
              yCollab(live.session.text, null, { undoManager: live.undoManager }),
              live.session.provider.awareness ? remoteCursors(live.session.text, live.session.provider.awareness) : [],
            ]
          : EditorView.updateListener.of((update) => {
              if (!update.docChanged || update.transactions.some((t) => t.annotation(fromStore))) return;
              store.getState().editText(update.state.doc.toString());
            }),
      ],
    }),
  });
  viewRef.current = view;
  const sync = (text: string, problems: readonly DocumentError[]) => {
    const current = view.state.doc.toString();
    const changes = live || current === text ? [] : [changedRange(current, text)];
    view.dispatch({ changes, effects: setErrorLines.of(problems.map((p) => p.line)), annotations: fromStore.of(true) });
  };
  sync(store.getState().text, store.getState().errors);
  const unsubscribe = store.subscribe((state, previous) => {
    if (!live && (state.text !== previous.text || state.errors !== previous.errors)) sync(state.text, state.errors);
    // Live, the store follows this editor's own typing during its update: mark the problem
    // lines once that update is over (CodeMirror refuses a dispatch inside an update).
    else if (live && state.errors !== previous.errors) queueMicrotask(() => viewRef.current === view && sync(state.text, store.getState().errors));
  });
  return () => {
    unsubscribe();
    view.destroy();
    viewRef.current = null;
  };
}

export function DslPane({ readOnly }: { readOnly: boolean }) {
  const store = useEditorStore();
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const errors = useEditor((state) => state.errors);
  const live = useLiveEditing();

  // Where the person was typing when the editor is created anew (the live session arrived).
  const carried = useRef<{ anchor: number; head: number } | null>(null);
  const mountedOnce = useRef(false);

  // CodeMirror is an external system: create it once, then mirror the store into it. It is
  // first created after the canvas's first frame: measuring a large document would hold it
  // back. Created anew (going live), it is at once, keeping focus and cursor: keys typed
  // meanwhile would otherwise reach the canvas (Ctrl+A selecting every node).
  useEffect(() => {
    let teardown: (() => void) | undefined;
    let cancelled = false;
    const mount = () => {
      if (cancelled || !host.current) return;
      teardown = mountCodeMirror(store, host.current, readOnly, viewRef, live);
      mountedOnce.current = true;
      const view = viewRef.current;
      const cursor = carried.current;
      carried.current = null;
      if (view && cursor) {
        const end = view.state.doc.length;
        view.dispatch({ selection: { anchor: Math.min(cursor.anchor, end), head: Math.min(cursor.head, end) } });
        view.focus();
      }
    };
    let frame = 0;
    if (mountedOnce.current) mount();
    else frame = requestAnimationFrame(typeof requestIdleCallback === "function" ? () => requestIdleCallback(mount, { timeout: 300 }) : () => setTimeout(mount, 50));
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      const view = viewRef.current;
      if (view?.hasFocus) carried.current = { anchor: view.state.selection.main.anchor, head: view.state.selection.main.head };
      teardown?.();
    };
  }, [store, readOnly, live]);

  function jumpTo(error: DocumentError) {
    const view = viewRef.current;
    if (!view) return;
    const line = view.state.doc.line(Math.min(Math.max(error.line, 1), view.state.doc.lines));
    const anchor = Math.min(line.from + error.column - 1, line.to);
    view.dispatch({ selection: { anchor }, scrollIntoView: true });
    view.focus();
  }

  return (
    <section className="dsl-pane" aria-label="DSL">
      <div className="pane-title">
        <h2>DSL</h2>
        <span className={`badge ${errors.length > 0 ? "error" : "ok"}`} role="status">
          {errors.length === 0 ? "valid" : errors.length === 1 ? "1 problem" : `${errors.length} problems`}
        </span>
      </div>
      <div className="dsl-editor" ref={host} />
      {errors.length > 0 ? (
        <ul className="dsl-errors" aria-label="Problems">
          {errors.map((error, i) => (
            <li key={`${error.line}:${error.column}:${i}`}>
              <button type="button" onClick={() => jumpTo(error)}>
                <span className="where">
                  {error.line}:{error.column}
                </span>{" "}
                {error.message}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
