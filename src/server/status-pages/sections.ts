// A page's sections as stored (JSON on its row) and as changed: ids kept for sections the owner
// keeps, new ones for new sections, and each section holding only monitors still on the page, in
// the page's order.
import { uuidv7 } from 'uuidv7';
import {
  monitorsNotOnPage,
  NOT_ON_PAGE_MESSAGE,
  type StatusPageSection,
  type StatusPageSectionInput,
} from '../../core/api/status-page-sections.ts';
import { ApiError } from '../platform/http/errors.ts';

export function readSections(stored: string | undefined): StatusPageSection[] {
  return stored ? (JSON.parse(stored) as StatusPageSection[]) : [];
}

/** Each section with the page's monitors it holds, in the page's order (a deleted monitor drops out). */
export function sectionsOnPage(
  sections: readonly StatusPageSection[],
  pageMonitorIds: readonly string[],
): StatusPageSection[] {
  return sections.map((section) => {
    const held = new Set(section.monitorIds);
    return { ...section, monitorIds: pageMonitorIds.filter((id) => held.has(id)) };
  });
}

/**
 * The sections an owner sent, checked against the page: an id must be one of its sections, and
 * each monitor one of its monitors (422 validation_failed, worded like the schema's own issues).
 */
export function changedSections(
  input: readonly StatusPageSectionInput[],
  current: readonly StatusPageSection[],
  pageMonitorIds: readonly string[],
): StatusPageSection[] {
  const known = new Set(current.map((section) => section.id));
  const unknown = input.find((section) => section.id !== undefined && !known.has(section.id));
  if (unknown) {
    throw new ApiError(
      422,
      'validation_failed',
      `sections: No section with id ${unknown.id} is on this page.`,
    );
  }
  if (monitorsNotOnPage(input, pageMonitorIds).length > 0) {
    throw new ApiError(422, 'validation_failed', `sections: ${NOT_ON_PAGE_MESSAGE}`);
  }
  const sections = input.map((section) => ({
    id: section.id ?? uuidv7(),
    name: section.name,
    description: section.description || null,
    collapsed: section.collapsed,
    monitorIds: section.monitorIds,
  }));
  return sectionsOnPage(sections, pageMonitorIds);
}
