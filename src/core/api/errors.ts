import { z } from 'zod';

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'not_found' }),
      message: z.string().meta({ example: 'No monitor with that id.' }),
    }),
  })
  .meta({ id: 'Error' });
