// Where things land on a small screen, for the accessibility journey's phone checks (issue 39,
// item 11, and issue 40's screens).
import { expect, type Locator, type Page } from '@playwright/test';

export type Box = { x: number; y: number; width: number; height: number };
export const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export async function noSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The deepest elements past the right edge, to name the culprit.
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element) => element.children.length === 0)
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`),
  }));
  expect(scrollWidth, `${where}: the page scrolls sideways (${wide.join(', ')})`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** Whole inside its scrolling card: not cut off by the card's edge. */
export async function insideCard(control: Locator, where: string) {
  const card = control.locator('xpath=ancestor::table/..');
  const [box, bounds] = [await control.boundingBox(), await card.boundingBox()];
  expect(box && bounds, `${where}: not drawn`).toBeTruthy();
  const [b, c] = [box as Box, bounds as Box];
  expect(b.x >= c.x && b.x + b.width <= c.x + c.width, `${where}: cut off by its card`).toBe(true);
  const hidden = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(hidden, `${where}: its card scrolls sideways by ${hidden} px`).toBeLessThanOrEqual(0);
}

export async function inViewport(page: Page, box: Box | null, where: string) {
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${where}: not drawn`).not.toBeNull();
  expect((box as Box).x, `${where}: starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect((box as Box).x + (box as Box).width, `${where}: ends right of the screen`).toBeLessThanOrEqual(
    width,
  );
}
