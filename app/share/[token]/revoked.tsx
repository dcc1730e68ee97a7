/** What a revoked share link shows, for the flow and its runs alike (proxy.ts answers 410 first). */
export function RevokedShareLink() {
  return (
    <div className="empty-state">
      <h1>Link revoked</h1>
      <p>The team that shared this flow has revoked the link. Ask them for a new one.</p>
    </div>
  );
}
