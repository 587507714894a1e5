import { describe, expect, it } from 'vitest';
import { CHANNEL_KINDS, CHANNELS_DESCRIBED } from './registry.ts';

describe('channel descriptors', () => {
  it('describe each kind once', () => {
    expect(new Set(CHANNEL_KINDS).size).toBe(CHANNEL_KINDS.length);
  });

  it('name as secret or form fields only fields of their own config', () => {
    for (const descriptor of CHANNELS_DESCRIBED) {
      const fields = Object.keys(descriptor.configSchema.shape);
      const named = [
        ...descriptor.secretFields,
        ...(descriptor.form.url ? ['url'] : []),
        ...(descriptor.form.text ?? []).map((field) => field.key),
        ...(descriptor.form.choice ? [descriptor.form.choice.key] : []),
      ];
      expect(
        named.filter((field) => !fields.includes(field)),
        descriptor.kind,
      ).toEqual([]);
    }
  });

  it('give each hosted provider its own environment variable', () => {
    const names = CHANNELS_DESCRIBED.flatMap((descriptor) => descriptor.hostedUrl?.env ?? []);
    expect(new Set(names).size).toBe(names.length);
  });
});
