// Escaping for the public pages, feed and badges. Numbers and dates are formatted by the page's
// locale (i18n/locale.ts).
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML and XML content and attribute values alike. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * A translated message whose slots hold markup (a `<time>` element): the message's own words are
 * escaped, the markup goes in as it is. Each slot is first filled with a private-use marker no
 * text contains.
 */
export function withMarkup(message: (...slots: string[]) => string, ...markup: string[]): string {
  const markers = markup.map((_, index) => `\ue000${index}\ue001`);
  return markers.reduce(
    (html, marker, index) => html.replace(marker, () => markup[index] ?? ''),
    escapeXml(message(...markers)),
  );
}
