// The status page form's state, its conversion to the API payload, and every error (zod's or
// the server's) mapped onto the field it is about. The schema is the one the route uses, so the
// form shows the server's own messages before a request is made.
import type { HeaderLink, StatusPageAccess } from '../../../../core/api/status-page-extras';
import {
  type StatusPage,
  type StatusPageInput,
  type StatusPageLanguageSetting,
  statusPageInputFields,
  statusPageInputSchema,
} from '../../../../core/api/status-pages';
import { RequestError } from '../../../lib/api';
import { issuesByField } from '../../../lib/form-issues';

export interface PickedMonitor {
  monitorId: string;
  /** The monitor's own name, shown beside the public display name. */
  monitorName: string;
  displayName: string;
  /** The `key` of its section; null in the page's flat list. */
  sectionKey: string | null;
}

export interface FormSection {
  /** Stable while editing: the stored id, or a made-up one for a section not saved yet. */
  key: string;
  /** The stored id, which the server keeps. */
  id?: string;
  name: string;
  description: string;
  collapsed: boolean;
}

/** The list with one item moved from one place to another (the reorder buttons). */
export function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

let unsaved = 0;
export function newSection(): FormSection {
  unsaved += 1;
  return { key: `new-${unsaved}`, name: '', description: '', collapsed: false };
}

export interface StatusPageFormState {
  name: string;
  slug: string;
  /** Once the user types a slug, the name stops suggesting one. */
  slugEdited: boolean;
  description: string;
  monitors: PickedMonitor[];
  logoUrl: string;
  accentColor: string;
  published: boolean;
  showResponseTimes: boolean;
  removeBranding: boolean;
  language: StatusPageLanguageSetting;
  sections: FormSection[];
  customDomain: string;
  access: StatusPageAccess;
  /** A new password; empty keeps the stored one. */
  password: string;
  /** The page already has a password, so the form may leave it empty. */
  hasPassword: boolean;
  headerLinks: HeaderLink[];
  footerText: string;
  faviconUrl: string;
}

export type FieldName =
  | 'name'
  | 'slug'
  | 'description'
  | 'monitors'
  | 'sections'
  | 'logoUrl'
  | 'accentColor'
  | 'removeBranding'
  | 'customDomain'
  | 'password'
  | 'headerLinks'
  | 'footerText'
  | 'faviconUrl';
export type FieldErrors = Partial<Record<FieldName, string>>;

const FIELDS: readonly string[] = [
  'name',
  'slug',
  'description',
  'monitors',
  'sections',
  'logoUrl',
  'accentColor',
  'removeBranding',
  'customDomain',
  'password',
  'headerLinks',
  'footerText',
  'faviconUrl',
] satisfies FieldName[];

export const SLUG_MAX = 48;

/** "Acme Cloud — API!" → "acme-cloud-api": a slug the schema accepts for most names. */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

export function emptyFormState(): StatusPageFormState {
  return {
    name: '',
    slug: '',
    slugEdited: false,
    description: '',
    monitors: [],
    logoUrl: '',
    accentColor: '',
    published: false,
    showResponseTimes: false,
    removeBranding: false,
    language: 'en',
    sections: [],
    customDomain: '',
    access: 'public',
    password: '',
    hasPassword: false,
    headerLinks: [],
    footerText: '',
    faviconUrl: '',
  };
}

export function formStateFromPage(page: StatusPage): StatusPageFormState {
  const sectionOf = new Map(
    page.sections.flatMap((section) => section.monitorIds.map((id) => [id, section.id] as const)),
  );
  return {
    name: page.name,
    slug: page.slug,
    slugEdited: true,
    description: page.description ?? '',
    monitors: page.monitors.map((monitor) => ({
      monitorId: monitor.monitorId,
      monitorName: monitor.monitorName,
      displayName: monitor.displayName ?? '',
      sectionKey: sectionOf.get(monitor.monitorId) ?? null,
    })),
    logoUrl: page.logoUrl ?? '',
    accentColor: page.accentColor ?? '',
    published: page.published,
    showResponseTimes: page.showResponseTimes,
    removeBranding: page.removeBranding,
    language: page.language,
    sections: page.sections.map((section) => ({
      key: section.id,
      id: section.id,
      name: section.name,
      description: section.description ?? '',
      collapsed: section.collapsed,
    })),
    customDomain: page.customDomain?.hostname ?? '',
    access: page.access,
    password: '',
    hasPassword: page.hasPassword,
    headerLinks: page.headerLinks,
    footerText: page.footerText ?? '',
    faviconUrl: page.faviconUrl ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function payloadOf(state: StatusPageFormState): Record<string, unknown> {
  return {
    name: state.name,
    slug: state.slug,
    description: orNull(state.description),
    monitors: state.monitors.map((monitor) => ({
      monitorId: monitor.monitorId,
      displayName: orNull(monitor.displayName),
    })),
    logoUrl: orNull(state.logoUrl),
    accentColor: orNull(state.accentColor),
    published: state.published,
    showResponseTimes: state.showResponseTimes,
    removeBranding: state.removeBranding,
    language: state.language,
    sections: state.sections.map((section) => ({
      ...(section.id ? { id: section.id } : {}),
      name: section.name,
      description: orNull(section.description),
      collapsed: section.collapsed,
      monitorIds: state.monitors
        .filter((monitor) => monitor.sectionKey === section.key)
        .map((monitor) => monitor.monitorId),
    })),
    customDomain: orNull(state.customDomain),
    access: state.access,
    // Empty keeps the stored password; only a page asking for one sends it.
    ...(state.access === 'password' && state.password !== '' ? { password: state.password } : {}),
    headerLinks: state.headerLinks,
    footerText: orNull(state.footerText),
    faviconUrl: orNull(state.faviconUrl),
  };
}

function fieldOf(key: PropertyKey | undefined): FieldName | null {
  return typeof key === 'string' && FIELDS.includes(key) ? (key as FieldName) : null;
}

export type Validation =
  | { ok: true; values: StatusPageInput }
  | { ok: false; errors: FieldErrors; form: string | null };

/** Validates with the API's schema; the first message per field is the one shown. */
export function validateForm(state: StatusPageFormState): Validation {
  const schema = state.hasPassword ? statusPageInputFields : statusPageInputSchema;
  const result = schema.safeParse(payloadOf(state));
  if (result.success) return { ok: true, values: result.data };
  return { ok: false, ...issuesByField(result.error.issues, fieldOf) };
}

export interface SubmitFailure {
  fields: FieldErrors;
  /** A message about the whole form, when no field is to blame. */
  form: string | null;
}

/** Maps an error answer of POST/PATCH /api/v1/status-pages onto the form. */
export function submitFailure(error: unknown, sent: StatusPageInput): SubmitFailure {
  if (!(error instanceof RequestError)) {
    return { fields: {}, form: 'Could not reach the server. Check your connection and try again.' };
  }
  switch (error.code) {
    case 'slug_taken':
      return { fields: { slug: error.message }, form: null };
    case 'domain_taken':
      return { fields: { customDomain: error.message }, form: null };
    case 'feature_not_in_plan':
      // The same code refuses the whole feature; only a page asking for it blames branding.
      return sent.removeBranding
        ? { fields: { removeBranding: error.message }, form: null }
        : { fields: {}, form: error.message };
    case 'validation_failed': {
      // The API words these "path.to.field: message".
      const match = /^([\w.]+): (.*)$/s.exec(error.message);
      const field = fieldOf(match?.[1]?.split('.')[0]);
      if (match && field) return { fields: { [field]: match[2] }, form: null };
      return { fields: {}, form: error.message };
    }
    default:
      return { fields: {}, form: error.message };
  }
}
