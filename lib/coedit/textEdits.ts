/**
 * Client-safe (the editor writes its store's changes into the shared text with these; the
 * server moves a shared draft onto a new version with them).
 *
 * The edits that turn one text into another, as small as a word diff makes them: a canvas
 * edit rewrites the document in place (lib/dsl keeps the rest of the text), so its edits
 * touch only the lines of the fields it changed, and another person's concurrent edits
 * elsewhere, in the same node's other fields too, are kept when both merge.
 */
import { diffWordsWithSpace } from "diff";

export type TextEdit = { index: number; remove: number; insert: string };

/** Above this many changed characters a diff costs more than it saves: one replacement. */
const MAX_DIFFED = 200_000;

/** The one range of `before` that differs from `after` (their common start and end left out), and its replacement. */
export function changedRange(before: string, after: string): { from: number; to: number; insert: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return { from: start, to: endBefore, insert: after.slice(start, endAfter) };
}

export function textEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const { from: start, to: end, insert: middleAfter } = changedRange(before, after);
  const middleBefore = before.slice(start, end);
  if (middleBefore.length + middleAfter.length > MAX_DIFFED || !middleBefore || !middleAfter) {
    return [{ index: start, remove: middleBefore.length, insert: middleAfter }];
  }
  const edits: TextEdit[] = [];
  // Positions in the text being edited, as the edits before have left it.
  let index = start;
  for (const part of diffWordsWithSpace(middleBefore, middleAfter)) {
    const last = edits.at(-1);
    const adjacent = last && last.index + last.insert.length === index;
    if (part.removed) {
      if (adjacent) last.remove += part.value.length;
      else edits.push({ index, remove: part.value.length, insert: "" });
    } else if (part.added) {
      if (adjacent) last.insert += part.value;
      else edits.push({ index, remove: 0, insert: part.value });
      index += part.value.length;
    } else index += part.value.length;
  }
  return edits;
}

/** Applies `edits` (from textEdits) to `text` in order. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const { index, remove, insert } of edits) result = result.slice(0, index) + insert + result.slice(index + remove);
  return result;
}

/** An edit as a range of the original text: [from, to) becomes `insert`. */
type Span = { from: number; to: number; insert: string };

/** textEdits' edits (each placed in the text the ones before left) as ranges of `before`. */
function spansOf(edits: readonly TextEdit[]): Span[] {
  let shift = 0;
  return edits.map(({ index, remove, insert }) => {
    const from = index - shift;
    shift += insert.length - remove;
    return { from, to: from + remove, insert };
  });
}

/**
 * The edits that carry `base` → `target` over to `draft`, a text edited from `base` too (a
 * three-way merge of texts): each change of the target lands where it belongs in the
 * draft; one that touches text the draft changed is left out (the draft's edit stands).
 * With `draft === base` it is textEdits(base, target).
 */
export function rebaseEdits(base: string, draft: string, target: string): TextEdit[] {
  const ours = spansOf(textEdits(base, draft));
  const result: TextEdit[] = [];
  // How much the target's edits placed so far lengthened the text.
  let placed = 0;
  for (const theirs of spansOf(textEdits(base, target))) {
    // Closed ranges: an edit right next to one of the draft's is left out too (which goes first is unknown).
    if (ours.some((span) => span.from <= theirs.to && theirs.from <= span.to)) continue;
    const moved = ours.filter((span) => span.to < theirs.from).reduce((sum, span) => sum + span.insert.length - (span.to - span.from), 0);
    result.push({ index: theirs.from + moved + placed, remove: theirs.to - theirs.from, insert: theirs.insert });
    placed += theirs.insert.length - (theirs.to - theirs.from);
  }
  return result;
}
