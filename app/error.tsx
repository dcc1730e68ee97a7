"use client";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <h1>Something went wrong</h1>
      <p>The server could not complete this request{error.digest ? ` (reference ${error.digest})` : ""}.</p>
      <button className="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
