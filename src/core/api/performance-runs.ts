// The statuses of a performance run, without zod: the dashboard's live updates read them, and
// should not download the API schemas to do so.
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
