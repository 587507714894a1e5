import { z } from 'zod';

export const userProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.email(),
    timezone: z.string().meta({ example: 'Europe/Berlin' }),
    createdAt: z.number().int().meta({ description: 'Epoch milliseconds' }),
    twoFactorEnabled: z.boolean().meta({ description: 'Sign-in asks for a code after the password' }),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

export const publicConfigSchema = z
  .object({
    githubSignIn: z.boolean(),
    testMode: z
      .boolean()
      .meta({ description: 'UPWATCH_TEST_MODE: second-level check intervals are accepted' }),
    publicUrl: z.url(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
