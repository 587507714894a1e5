// Where a group page is being served: under PUBLIC_URL at /status/{slug}, or at the root of its
// verified custom domain. Its links (feed, JSON, the password form) follow from that.
export interface PageSite {
  /** `https://status.example.com`, or PUBLIC_URL. */
  origin: string;
  /** `/status/{slug}`, or '' at a custom domain's root. */
  path: string;
}

export const mainSite = (publicUrl: string, slug: string): PageSite => ({
  origin: publicUrl,
  path: `/status/${slug}`,
});

export const sitePaths = (path: string) => ({
  page: path || '/',
  feed: `${path}/feed.atom`,
  json: path ? `${path}.json` : '/status.json',
  access: `${path}/access`,
});
