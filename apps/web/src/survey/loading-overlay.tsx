export function LoadingOverlay({ text }: { text: string }) {
  return (
    <div className="overlay" role="status" aria-live="assertive" data-testid="loading-overlay">
      <div className="overlay__spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
