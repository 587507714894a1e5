// Sections of a status page: monitors grouped under a heading with an optional description, each
// shown collapsible on the public page with the state of its own monitors. A section lists the
// page's monitors it holds; monitors in no section keep the page's flat list.
import { z } from 'zod';

export const MAX_SECTIONS_PER_STATUS_PAGE = 20;

export const statusPageSectionInputSchema = z
  .object({
    /** Keeps an existing section's id (the public JSON names sections by it); new ones get one. */
    id: z.string().min(1).max(64).optional(),
    name: z
      .string()
      .trim()
      .min(1, 'Name the section.')
      .max(100, 'Section names are limited to 100 characters.'),
    description: z
      .string()
      .trim()
      .max(500, 'Section descriptions are limited to 500 characters.')
      .nullable()
      .default(null),
    /** Shown folded until a visitor opens it. */
    collapsed: z.boolean().default(false),
    monitorIds: z.array(z.string().min(1).max(64)).max(50).default([]),
  })
  .meta({ id: 'StatusPageSectionInput' });
export type StatusPageSectionInput = z.infer<typeof statusPageSectionInputSchema>;

/** In display order. */
export const statusPageSectionsSchema = z
  .array(statusPageSectionInputSchema)
  .max(MAX_SECTIONS_PER_STATUS_PAGE, `A status page has at most ${MAX_SECTIONS_PER_STATUS_PAGE} sections.`)
  .refine((sections) => {
    const ids = sections.flatMap((section) => section.monitorIds);
    return new Set(ids).size === ids.length;
  }, 'Each monitor can be in one section only.');

export const NOT_ON_PAGE_MESSAGE = 'Put only monitors of this page in its sections.';

/** The section monitors that are not among the page's monitors, if any. */
export function monitorsNotOnPage(
  sections: readonly { monitorIds: readonly string[] }[],
  pageMonitorIds: readonly string[],
): string[] {
  const onPage = new Set(pageMonitorIds);
  return sections.flatMap((section) => section.monitorIds.filter((id) => !onPage.has(id)));
}

export const statusPageSectionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    collapsed: z.boolean(),
    /** In the page's order of monitors. */
    monitorIds: z.array(z.string()),
  })
  .meta({ id: 'StatusPageSection' });
export type StatusPageSection = z.infer<typeof statusPageSectionSchema>;
