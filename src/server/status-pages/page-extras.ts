// A page's custom domain, access and appearance extras: API input -> columns (the password
// hashed with better-auth's scrypt helper, a new verification token for each new hostname) and
// columns -> API output (the DNS records to create).
import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import {
  domainChallengeName,
  domainChallengeValue,
  type HeaderLink,
} from '../../core/api/status-page-extras.ts';
import { PAGE_PASSWORD_NEEDED, type StatusPage, type StatusPageUpdate } from '../../core/api/status-pages.ts';
import type { StatusPageChanges, StatusPageRow } from '../platform/db/status-page-schema.ts';
import { ApiError } from '../platform/http/errors.ts';

type ExtraOutput = Pick<
  StatusPage,
  'customDomain' | 'access' | 'hasPassword' | 'headerLinks' | 'footerText' | 'faviconUrl'
>;

/** Hostnames that are Upwatch's own address, never a page's. */
function ownHosts(publicUrl: string): string[] {
  return [new URL(publicUrl).hostname, 'localhost'];
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(422, 'validation_failed', `${field}: ${message}`);
}

function domainColumns(
  hostname: string | null,
  current: StatusPageRow | null,
  now: number,
): StatusPageChanges {
  // Saving the same hostname again keeps its token and claim time: a claim is not renewed so.
  if (hostname !== null && hostname === current?.custom_domain) return {};
  return {
    custom_domain: hostname,
    domain_token: hostname === null ? null : randomBytes(16).toString('hex'),
    domain_claimed_at: hostname === null ? null : now,
    domain_verified_at: null,
    domain_checked_at: null,
    domain_check_error: null,
  };
}

/** The extras' columns for a create (current null) or a change of the current row. */
export async function extraColumns(
  input: StatusPageUpdate,
  current: StatusPageRow | null,
  publicUrl: string,
  now: number,
): Promise<StatusPageChanges> {
  const columns: StatusPageChanges = {};
  if (input.customDomain !== undefined) {
    if (input.customDomain !== null && ownHosts(publicUrl).includes(input.customDomain)) {
      throw invalid('customDomain', "This is Upwatch's own address; enter a hostname of your own.");
    }
    Object.assign(columns, domainColumns(input.customDomain, current, now));
  }
  const access = input.access ?? current?.access ?? 'public';
  if (input.access !== undefined) columns.access = input.access;
  if (access !== 'password') {
    // A page that stops asking for a password forgets it: no secret is kept unused.
    if (current?.password_hash) columns.password_hash = null;
  } else if (input.password !== undefined) {
    columns.password_hash = await hashPassword(input.password);
  } else if (!current?.password_hash) {
    throw invalid('password', PAGE_PASSWORD_NEEDED);
  }
  if (input.headerLinks !== undefined) {
    columns.header_links = input.headerLinks.length ? JSON.stringify(input.headerLinks) : null;
  }
  if (input.footerText !== undefined) columns.footer_text = input.footerText || null;
  if (input.faviconUrl !== undefined) columns.favicon_url = input.faviconUrl;
  return columns;
}

export function parseHeaderLinks(json: string | null): HeaderLink[] {
  return json ? (JSON.parse(json) as HeaderLink[]) : [];
}

export function extraOutput(row: StatusPageRow, publicUrl: string): ExtraOutput {
  const hostname = row.custom_domain;
  return {
    customDomain: hostname
      ? {
          hostname,
          verified: row.domain_verified_at !== null,
          verifiedAt: row.domain_verified_at,
          checkedAt: row.domain_checked_at,
          checkError: row.domain_check_error,
          records: {
            cname: { name: hostname, value: new URL(publicUrl).hostname },
            txt: { name: domainChallengeName(hostname), value: domainChallengeValue(row.domain_token ?? '') },
          },
        }
      : null,
    access: row.access,
    hasPassword: row.password_hash !== null,
    headerLinks: parseHeaderLinks(row.header_links),
    footerText: row.footer_text,
    faviconUrl: row.favicon_url,
  };
}
