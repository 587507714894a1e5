import { Input } from '../../../../components/ui/input';
import { describedBy, FormField } from '../../form/form-field';
import type { SectionProps } from '../types';
import type { HttpFormState } from './http-form';

export function HttpSection({ state, set, errors }: SectionProps<HttpFormState>) {
  return (
    <FormField id="monitor-url" label="URL" error={errors.url}>
      <Input
        {...describedBy('monitor-url', errors.url)}
        type="url"
        inputMode="url"
        value={state.url}
        onChange={(event) => set({ url: event.target.value })}
        placeholder="https://example.com/health"
        className="font-mono"
      />
    </FormField>
  );
}
