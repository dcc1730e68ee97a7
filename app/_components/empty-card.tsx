import type { ReactNode } from "react";

/** What a list shows when it has nothing in it: what is missing, and how to get some. */
export function EmptyCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card empty-state empty-card">
      <h2>{title}</h2>
      <p>{children}</p>
    </div>
  );
}
