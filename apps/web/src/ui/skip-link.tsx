import './plain.css';

/**
 * First focusable element of every page; visible on focus. Hash routing owns the address's
 * fragment, so the link moves focus itself instead of changing the hash. Plain HTML: the login page
 * shows it before MUI is loaded.
 */
export function SkipLink({ targetId = 'main-content' }: { targetId?: string }) {
  return (
    <a
      className="skip-link"
      href={`#${targetId}`}
      onClick={(e) => {
        e.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
        target?.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to main content
    </a>
  );
}
