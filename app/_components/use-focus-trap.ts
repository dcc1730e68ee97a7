"use client";

import { type RefObject, useEffect } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside a modal panel that is not a native <dialog>: focus moves to
 * its first field when it opens, Tab and Shift+Tab cycle through its controls, and focus returns to
 * whatever had it before when the panel closes.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const panel = ref.current;
    if (!active || !panel) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
    // The first field, not a header button (Enter on "Delete" should never be one key away).
    const field = focusables().find((element) => element.matches("input, textarea, select, [contenteditable='true']"));
    if (!panel.contains(document.activeElement)) (field ?? focusables()[0] ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const all = focusables();
      if (all.length === 0) return event.preventDefault();
      const first = all[0]!;
      const last = all[all.length - 1]!;
      const inside = panel.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      if (before?.isConnected) before.focus();
    };
  }, [ref, active]);
}
