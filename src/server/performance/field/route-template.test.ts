import { describe, expect, it } from 'vitest';
import { isRoutePattern } from '../../../core/api/field.ts';
import { routeOf } from './route-template.ts';

describe('the route of a page view', () => {
  it('keeps only the path: no query string, no fragment', () => {
    expect(routeOf('https://shop.example/p/42?x=1&email=a@b.c#reviews')).toBe('/p/:id');
    expect(routeOf('https://shop.example/?utm_source=mail')).toBe('/');
    expect(routeOf('https://shop.example/about/')).toBe('/about');
  });

  it('names numbers, UUIDs, hashes and long tokens :id, and keeps words', () => {
    expect(routeOf('/orders/123/items/9')).toBe('/orders/:id/items/:id');
    expect(routeOf('/u/0b7c3e9a-1f2d-4c5b-8a9e-3d2c1b0a9f8e')).toBe('/u/:id');
    expect(routeOf('/assets/5f2b8c9d1e3a4f60')).toBe('/assets/:id');
    expect(routeOf('/reset/Zx8k2LmQ9pR4tV7wY1bN3c')).toBe('/reset/:id');
    expect(routeOf('/blog/hello-world')).toBe('/blog/hello-world');
    expect(routeOf('/pricing')).toBe('/pricing');
  });

  it("applies the first of the site's patterns that matches, after the ids", () => {
    const patterns = ['/blog/:slug', '/docs/*', '/p/:product'];
    expect(routeOf('https://shop.example/blog/hello-world', patterns)).toBe('/blog/:slug');
    expect(routeOf('https://shop.example/blog', patterns)).toBe('/blog');
    expect(routeOf('https://shop.example/blog/a/b', patterns)).toBe('/blog/a/b');
    expect(routeOf('https://shop.example/docs/guide/install', patterns)).toBe('/docs/*');
    expect(routeOf('https://shop.example/p/42', patterns)).toBe('/p/:product');
  });

  it('cuts deep paths and refuses what is not a URL', () => {
    expect(routeOf(`/${'a/'.repeat(30)}`)).toBe(`/${Array(12).fill('a').join('/')}`);
    expect(routeOf('http://[not-a-host')).toBeNull();
  });

  it('accepts patterns of plain, :name and a final * segment only', () => {
    expect(['/blog/:slug', '/docs/*', '/', '/a-b/c_d'].map(isRoutePattern)).toEqual([true, true, true, true]);
    expect(['blog/:slug', '/a/*/b', '/a?b', '/:1x', `/${'x'.repeat(200)}`].map(isRoutePattern)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
