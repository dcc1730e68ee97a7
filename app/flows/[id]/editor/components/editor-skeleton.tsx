/** What shows while the editor's code loads: the editor's own shape, greyed, not a blank box. */
export function EditorSkeleton() {
  return (
    <div className="swarm-editor editor-skeleton" aria-busy="true" aria-label="Loading the editor">
      <div className="editor-topbar">
        {[72, 110, 100, 70, 60, 60, 90].map((width, i) => (
          <span key={i} className="skeleton-bar" style={{ width, height: 24 }} />
        ))}
      </div>
      <div className="editor-canvas-host">
        <div className="skeleton-canvas">
          <span className="skeleton-box" />
          <span className="skeleton-box" />
          <span className="skeleton-box" />
        </div>
      </div>
      <div className="editor-inspector skeleton-pane">
        <span className="skeleton-bar" style={{ width: "60%" }} />
        <span className="skeleton-bar" />
        <span className="skeleton-bar" />
      </div>
      <div className="dsl-pane skeleton-pane">
        {[40, 70, 55, 80, 35, 65].map((width, i) => (
          <span key={i} className="skeleton-bar" style={{ width: `${width}%` }} />
        ))}
      </div>
    </div>
  );
}
