import type { ReactNode } from "react";

/** A settings page's list of the team's things: named columns, then a last one for the row's actions. */
export function SettingsTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
          <th />
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** "2026-11-22 by Ada": when something was made or changed, and by whom when known. */
export function datedBy(at: Date, by: string | null | undefined): string {
  return `${at.toISOString().slice(0, 10)}${by ? ` by ${by}` : ""}`;
}
