/** The id of each layout's <main>, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * "Skip to content", the first stop of the keyboard on every page: hidden until focused, it
 * moves focus past the header and its navigation to the page's <main> (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-ui bg-accent px-4 py-2 text-sm font-medium text-accent-fg shadow-sm focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      onClick={(event) => {
        // The router would treat the hash as a navigation; focusing <main> is all it takes.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
