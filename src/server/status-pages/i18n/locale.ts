// A public page's language: its words (the table in messages.ts) and its Intl formats, built once
// per language when the module loads and shared by every request. Also which language an 'auto'
// page speaks to a visitor, from their Accept-Language.
import { parseAccept } from 'hono/utils/accept';
import {
  STATUS_PAGE_LANGUAGES,
  type StatusPageLanguage,
  type StatusPageLanguageSetting,
} from '../../../core/api/status-pages.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { ja } from './ja.ts';
import type { StatusPageMessages } from './messages.ts';
import { pt } from './pt.ts';

export const MESSAGES: Record<StatusPageLanguage, StatusPageMessages> = { en, de, fr, es, pt, ja };

/**
 * How a point in time reads on the page ('Nov 26, 2026, 3:40 PM', '26. Nov. 2026, 15:40'). The
 * page's script formats the visitor's local time with the same options (page-style.ts).
 */
export const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * How a bar names its day. Twenty strips of 90 bars make up most of the page, so each language
 * takes its shortest usual form: 'Nov 3' in English, the numeric day and month elsewhere ('3.11.',
 * '03/11', '11/3'), which keeps every language within the page's size budget.
 */
const BAR_MONTH: Record<StatusPageLanguage, 'short' | 'numeric'> = {
  en: 'short',
  de: 'numeric',
  fr: 'numeric',
  es: 'numeric',
  pt: 'numeric',
  ja: 'numeric',
};

export interface PageLocale {
  /** Also the Intl locale and the document's `lang`. */
  language: StatusPageLanguage;
  t: StatusPageMessages;
  /** A bar's day, 'Nov 3' or '3.11.': the bars span 90 days, so no year is needed. */
  day(at: number): string;
  /** UTC text for pages without JavaScript; the page's script rewrites it in the visitor's zone. */
  time(at: number): string;
  /** Two decimals, rounded down so a single failed check never shows as 100%. */
  percent(percent: number): string;
  count(value: number): string;
}

function buildLocale(language: StatusPageLanguage): PageLocale {
  const day = new Intl.DateTimeFormat(language, {
    month: BAR_MONTH[language],
    day: 'numeric',
    timeZone: 'UTC',
  });
  const time = new Intl.DateTimeFormat(language, { ...TIME_OPTIONS, timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(language);
  return {
    language,
    t: MESSAGES[language],
    day: (at) => day.format(at),
    time: (at) => `${time.format(at)} UTC`,
    percent: (value) => percent.format(Math.floor(value * 100) / 10_000),
    count: (value) => count.format(value),
  };
}

const LOCALES = Object.fromEntries(
  STATUS_PAGE_LANGUAGES.map((language) => [language, buildLocale(language)]),
) as Record<StatusPageLanguage, PageLocale>;

export function localeOf(language: StatusPageLanguage): PageLocale {
  return LOCALES[language];
}

export function isPageLanguage(value: string): value is StatusPageLanguage {
  return (STATUS_PAGE_LANGUAGES as readonly string[]).includes(value);
}

/** The visitor's first acceptable language we have ('de-AT' counts as 'de'), else English. */
export function negotiateLanguage(acceptLanguage: string | undefined): StatusPageLanguage {
  for (const { type, q } of parseAccept(acceptLanguage ?? '')) {
    const primary = type.split('-')[0]?.toLowerCase() ?? '';
    if (q > 0 && isPageLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language a page speaks to this visitor. */
export function pageLanguage(
  setting: StatusPageLanguageSetting,
  acceptLanguage: string | undefined,
): StatusPageLanguage {
  return setting === 'auto' ? negotiateLanguage(acceptLanguage) : setting;
}
