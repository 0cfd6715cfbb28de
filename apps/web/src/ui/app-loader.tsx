import './plain.css';

/**
 * The loader shown before any page's code has arrived (the first page, the root's setup check): plain
 * HTML and CSS, so showing it costs nothing to download. Pages use PageLoader.
 */
export function AppLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="app-loader" role="status" aria-live="polite">
      <span className="app-loader-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
