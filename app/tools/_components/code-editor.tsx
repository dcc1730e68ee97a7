"use client";

import { indentWithTab } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { Annotation, EditorState } from "@codemirror/state";
import { EditorView, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";

/** Marks a change that came from `value` (undo, another view), so it is not reported back. */
const external = Annotation.define<boolean>();

/** A JavaScript editor (CodeMirror 6) over `value`; every change is reported with `onChange`. */
export function CodeEditor({ value, onChange, readOnly, label }: { value: string; onChange: (value: string) => void; readOnly: boolean; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          javascript(),
          syntaxHighlighting(defaultHighlightStyle),
          keymap.of([indentWithTab]),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((t) => t.annotation(external))) report.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => created.destroy();
    // Mounted once per field; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly, label]);

  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value }, annotations: external.of(true) });
  }, [value]);

  return <div className="code-editor" ref={host} />;
}
