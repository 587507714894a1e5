// Public updates on a maintenance window: short timestamped messages the owner posts ("Upgrade
// under way", "Done, all services back"), shown under the window on status pages.
import { z } from 'zod';

/** Enough for a running commentary; a page shows a window's updates in full. */
export const MAX_MAINTENANCE_UPDATES = 20;

export const maintenanceUpdateInputSchema = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, 'Write the update.')
      .max(1000, 'Updates are limited to 1000 characters.'),
  })
  .meta({ id: 'MaintenanceUpdateInput' });
export type MaintenanceUpdateInput = z.infer<typeof maintenanceUpdateInputSchema>;

export const maintenanceUpdateSchema = z
  .object({
    id: z.string(),
    windowId: z.string(),
    message: z.string(),
    createdAt: z.number(),
  })
  .meta({ id: 'MaintenanceUpdate' });
export type MaintenanceUpdate = z.infer<typeof maintenanceUpdateSchema>;

export const maintenanceUpdateListSchema = z
  .object({ updates: z.array(maintenanceUpdateSchema).meta({ description: 'Newest first' }) })
  .meta({ id: 'MaintenanceUpdateList' });
export type MaintenanceUpdateList = z.infer<typeof maintenanceUpdateListSchema>;
