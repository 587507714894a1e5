import { z } from 'zod';

/** A full http:// or https:// URL with a host, as monitors and webhook channels take them. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048, 'URLs are limited to 2048 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter a full http:// or https:// URL.');
