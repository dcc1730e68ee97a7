/**
 * The others' cursors and selections in the live DSL pane, and this person's for them
 * (awareness field `cursor`: Yjs relative positions, so they stay on their characters
 * while anyone types).
 *
 * In place of y-codemirror.next's remote selections: its caret widget holds the person's
 * name as editable text nodes, and selecting all and typing over it put that name into
 * the document (the browser's own editing reached into the widget, and CodeMirror read the
 * name back as typed text). Here the caret is not editable and has no text at all: the
 * name is drawn by CSS from an attribute, so it can never become document text.
 */
import { type Range, RangeSet } from "@codemirror/state";
import { Decoration, type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate, WidgetType } from "@codemirror/view";
import type { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import type { PresenceUser } from "./session";

class RemoteCaret extends WidgetType {
  constructor(
    readonly color: string,
    readonly name: string,
    /** Where it stands: a moved caret is drawn anew, so its name shows again (then fades). */
    readonly at: number,
  ) {
    super();
  }

  toDOM(): HTMLElement {
    const caret = document.createElement("span");
    caret.className = "cm-remote-caret";
    caret.contentEditable = "false";
    caret.setAttribute("aria-hidden", "true");
    caret.dataset.name = this.name;
    caret.style.borderColor = this.color;
    caret.style.setProperty("--caret-color", this.color);
    return caret;
  }

  eq(other: RemoteCaret): boolean {
    return other.color === this.color && other.name === this.name && other.at === this.at;
  }

  ignoreEvent(): boolean {
    return true;
  }
}

type Cursor = { anchor: unknown; head: unknown };

/** A remote person's selection as document positions, or null when it is not in this text. */
function positionsOf(cursor: Cursor, text: Y.Text): { anchor: number; head: number } | null {
  const doc = text.doc!;
  const anchor = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(cursor.anchor), doc);
  const head = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(cursor.head), doc);
  if (!anchor || !head || anchor.type !== text || head.type !== text) return null;
  return { anchor: anchor.index, head: head.index };
}

function isCursor(value: unknown): value is Cursor {
  return typeof value === "object" && value !== null && "anchor" in value && "head" in value && value.anchor != null && value.head != null;
}

export function remoteCursors(text: Y.Text, awareness: Awareness) {
  const plugin = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet = Decoration.none;
      private readonly onChange: (change: { added: number[]; updated: number[]; removed: number[] }) => void;

      constructor(readonly view: EditorView) {
        this.onChange = ({ added, updated, removed }) => {
          // Redraw when someone else moved (this person's own changes come with an update).
          if ([...added, ...updated, ...removed].some((id) => id !== awareness.clientID)) queueMicrotask(() => this.redraw());
        };
        awareness.on("change", this.onChange);
        this.decorations = this.draw();
      }

      update(update: ViewUpdate) {
        this.publish(update);
        if (update.docChanged || update.selectionSet || update.focusChanged) this.decorations = this.draw();
      }

      /** Tells the others where this person's selection is (nothing while the pane is not focused). */
      publish(update: ViewUpdate) {
        const local = awareness.getLocalState();
        if (!local) return;
        const focused = update.view.hasFocus && update.view.dom.ownerDocument.hasFocus();
        if (!focused) {
          if (local.cursor != null && update.focusChanged) awareness.setLocalStateField("cursor", null);
          return;
        }
        const { anchor, head } = update.state.selection.main;
        const current = isCursor(local.cursor) ? local.cursor : null;
        const next = { anchor: Y.createRelativePositionFromTypeIndex(text, anchor), head: Y.createRelativePositionFromTypeIndex(text, head) };
        const same =
          current &&
          Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.anchor), next.anchor) &&
          Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.head), next.head);
        if (!same) awareness.setLocalStateField("cursor", next);
      }

      redraw() {
        this.decorations = this.draw();
        // An empty transaction makes CodeMirror read the new decorations.
        if (this.view.dom.isConnected) this.view.dispatch({});
      }

      draw(): DecorationSet {
        const ranges: Range<Decoration>[] = [];
        const length = this.view.state.doc.length;
        awareness.getStates().forEach((state, clientId) => {
          if (clientId === awareness.clientID || !isCursor(state.cursor)) return;
          const at = positionsOf(state.cursor, text);
          if (!at || at.anchor > length || at.head > length) return;
          const user = (state.user ?? {}) as Partial<PresenceUser>;
          const color = user.color ?? "#64748b";
          const from = Math.min(at.anchor, at.head);
          const to = Math.max(at.anchor, at.head);
          if (from < to) ranges.push(Decoration.mark({ class: "cm-remote-selection", attributes: { style: `background-color: ${user.colorLight ?? `${color}33`}` } }).range(from, to));
          // The caret stays outside the selection, beside this person's own cursor.
          ranges.push(Decoration.widget({ widget: new RemoteCaret(color, user.name ?? "Someone", at.head), side: at.head > at.anchor ? -1 : 1 }).range(at.head));
        });
        return RangeSet.of(ranges, true);
      }

      destroy() {
        awareness.off("change", this.onChange);
      }
    },
    { decorations: (value) => value.decorations },
  );
  return plugin;
}
