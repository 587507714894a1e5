/** uPlot draws on a canvas; without a 2D context (a test DOM) only the text summary remains. */
export function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** A theme colour from a CSS custom property, so charts follow light and dark. */
export function cssColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#64748b';
}
