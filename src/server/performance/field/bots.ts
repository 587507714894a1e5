// Page views from robots are not visitors' (issue 42, item 2): crawlers, link previews, uptime and
// performance robots (Upwatch's own Lighthouse runs among them) and headless browsers. Matched on
// the user agent, which is read here and never kept.
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|headless|lighthouse|pagespeed|chrome-lighthouse|gtmetrix|pingdom|uptime|monitor|phantomjs|selenium|puppeteer|playwright|curl\/|wget\/|python-requests|node-fetch|axios\//i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}
