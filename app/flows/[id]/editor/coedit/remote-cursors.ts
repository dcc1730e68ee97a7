/**
 * The others' cursors and selections in the live DSL pane, and this person's for them
 * (awareness field `cursor`: Yjs relative positions, so they stay on their characters
 * while anyone types).
 *
 * In place of y-codemirror.next's remote selections: its caret is a widget inside the
 * editable text, holding the person's name as text nodes, and selecting all and typing
 * over it put that name into the document (the browser's own editing reached into the
 * widget, and CodeMirror read it back as typed text). Here carets and selections are drawn
 * on layers beside the text, as CodeMirror draws its own cursor: nothing of them is in the
 * editable content, so nothing of them can become document text.
 */
import { EditorSelection, StateEffect } from "@codemirror/state";
import { type EditorView, layer, type LayerMarker, RectangleMarker, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import type { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import type { PresenceUser } from "./session";

/** Someone else's cursor moved (or they came or left): redraw the layers. */
const othersMoved = StateEffect.define<null>();

/** A rectangle of CodeMirror's, in one person's colour; a caret also carries their name. */
class PersonMarker implements LayerMarker {
  constructor(
    readonly rect: RectangleMarker,
    readonly color: string,
    readonly name: string | null,
  ) {}

  draw(): HTMLElement {
    const element = this.rect.draw();
    if (this.name === null) element.style.backgroundColor = this.color;
    else {
      element.style.borderLeftColor = this.color;
      element.style.setProperty("--caret-color", this.color);
      element.dataset.name = this.name;
    }
    return element;
  }

  eq(other: LayerMarker): boolean {
    return other instanceof PersonMarker && other.color === this.color && other.name === this.name && other.rect.eq(this.rect);
  }
}

type Cursor = { anchor: unknown; head: unknown };
type Remote = { anchor: number; head: number; user: PresenceUser };

function isCursor(value: unknown): value is Cursor {
  return typeof value === "object" && value !== null && "anchor" in value && "head" in value && value.anchor != null && value.head != null;
}

/** The others' selections as positions in this text (those in it, within `length`). */
function remotes(text: Y.Text, awareness: Awareness, length: number): Remote[] {
  const found: Remote[] = [];
  awareness.getStates().forEach((state, clientId) => {
    if (clientId === awareness.clientID || !isCursor(state.cursor)) return;
    const anchor = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(state.cursor.anchor), text.doc!);
    const head = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(state.cursor.head), text.doc!);
    if (!anchor || !head || anchor.type !== text || head.type !== text || anchor.index > length || head.index > length) return;
    const user = (state.user ?? {}) as Partial<PresenceUser>;
    const color = user.color ?? "#64748b";
    found.push({ anchor: anchor.index, head: head.index, user: { name: user.name ?? "Someone", color, colorLight: user.colorLight ?? `${color}33` } });
  });
  return found;
}

const redrawn = (update: ViewUpdate) =>
  update.docChanged || update.viewportChanged || update.geometryChanged || update.transactions.some((t) => t.effects.some((e) => e.is(othersMoved)));

export function remoteCursors(text: Y.Text, awareness: Awareness) {
  /** Publishes this person's selection while the pane has focus; redraws when others move. */
  const presence = ViewPlugin.fromClass(
    class {
      private readonly onChange: (change: { added: number[]; updated: number[]; removed: number[] }) => void;

      constructor(readonly view: EditorView) {
        this.onChange = ({ added, updated, removed }) => {
          if (![...added, ...updated, ...removed].some((id) => id !== awareness.clientID)) return;
          // Not inside another update: CodeMirror refuses a dispatch there.
          queueMicrotask(() => this.view.dom.isConnected && this.view.dispatch({ effects: othersMoved.of(null) }));
        };
        awareness.on("change", this.onChange);
      }

      update(update: ViewUpdate) {
        const local = awareness.getLocalState();
        if (!local) return;
        const focused = update.view.hasFocus && update.view.dom.ownerDocument.hasFocus();
        if (!focused) {
          if (local.cursor != null && update.focusChanged) awareness.setLocalStateField("cursor", null);
          return;
        }
        const { anchor, head } = update.state.selection.main;
        const next = { anchor: Y.createRelativePositionFromTypeIndex(text, anchor), head: Y.createRelativePositionFromTypeIndex(text, head) };
        const current = isCursor(local.cursor) ? local.cursor : null;
        const same =
          current !== null &&
          Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.anchor), next.anchor) &&
          Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.head), next.head);
        if (!same) awareness.setLocalStateField("cursor", next);
      }

      destroy() {
        awareness.off("change", this.onChange);
      }
    },
  );

  const selections = layer({
    above: false,
    class: "cm-remote-selections",
    update: redrawn,
    markers: (view) =>
      remotes(text, awareness, view.state.doc.length)
        .filter(({ anchor, head }) => anchor !== head)
        .flatMap(({ anchor, head, user }) =>
          RectangleMarker.forRange(view, "cm-remote-selection", EditorSelection.range(anchor, head)).map((rect) => new PersonMarker(rect, user.colorLight, null)),
        ),
  });

  const carets = layer({
    above: true,
    class: "cm-remote-carets",
    update: redrawn,
    markers: (view) =>
      remotes(text, awareness, view.state.doc.length).flatMap(({ head, user }) =>
        RectangleMarker.forRange(view, "cm-remote-caret", EditorSelection.cursor(head)).map((rect) => new PersonMarker(rect, user.color, user.name)),
      ),
  });

  return [presence, selections, carets];
}
