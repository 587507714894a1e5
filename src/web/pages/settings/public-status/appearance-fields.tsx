import { Link } from '@tanstack/react-router';
import {
  STATUS_PAGE_LANGUAGE_LABELS,
  STATUS_PAGE_LANGUAGE_SETTINGS,
  type StatusPageLanguageSetting,
} from '../../../../core/api/status-pages';
import { lowestPlanWith } from '../../../../core/plans';
import { Card, CardContent } from '../../../components/ui/card';
import { Input, NativeSelect } from '../../../components/ui/input';
import { useHasFeature } from '../../../lib/use-plan';
import { Checkbox, describedBy, FormField } from '../../monitors/form/form-field';
import type { FieldErrors, FieldName, StatusPageFormState } from './form-values';
import { HeaderLinksField } from './header-links-field';

/** The public page's own default accent (src/server/status-pages/page-style.ts), shown while none is set. */
const DEFAULT_ACCENT = '#2563eb';
const BRANDING_PLAN = lowestPlanWith('removeBranding').displayName;

function BrandingHint({ allowed, error }: { allowed: boolean; error?: string }) {
  if (error) return <span className="text-danger">{error}</span>;
  if (allowed) return 'Hides “Powered by Upwatch” at the foot of the page.';
  return (
    <>
      Removing “Powered by Upwatch” needs the {BRANDING_PLAN} plan or higher.{' '}
      <Link to="/dashboard/settings/billing" className="font-medium text-accent underline">
        Upgrade
      </Link>
    </>
  );
}

export type SetField = <K extends keyof StatusPageFormState>(
  key: K,
  value: StatusPageFormState[K],
  field?: FieldName,
) => void;

/**
 * How the page looks: logo, favicon, accent colour, language, header links, footer line; whether
 * it is published, shows response times and the branding.
 */
export function AppearanceFields({
  state,
  errors,
  set,
}: {
  state: StatusPageFormState;
  errors: FieldErrors;
  set: SetField;
}) {
  const brandingAllowed = useHasFeature('removeBranding');
  return (
    <Card>
      <CardContent className="flex flex-col gap-5">
        <FormField id="status-page-logo" label="Logo URL" error={errors.logoUrl}>
          <Input
            {...describedBy('status-page-logo', errors.logoUrl)}
            type="url"
            inputMode="url"
            value={state.logoUrl}
            onChange={(event) => set('logoUrl', event.target.value, 'logoUrl')}
            placeholder="https://example.com/logo.svg"
            className="font-mono"
          />
        </FormField>
        <FormField id="status-page-favicon" label="Favicon URL" error={errors.faviconUrl}>
          <Input
            {...describedBy('status-page-favicon', errors.faviconUrl)}
            type="url"
            inputMode="url"
            value={state.faviconUrl}
            onChange={(event) => set('faviconUrl', event.target.value, 'faviconUrl')}
            placeholder="https://example.com/favicon.png"
            className="font-mono"
          />
        </FormField>
        <FormField
          id="status-page-accent"
          label="Accent colour"
          error={errors.accentColor}
          hint="A hex colour such as #2563eb; leave empty for the default."
        >
          <div className="flex gap-2">
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={/^#[0-9a-fA-F]{6}$/.test(state.accentColor) ? state.accentColor : DEFAULT_ACCENT}
              onChange={(event) => set('accentColor', event.target.value, 'accentColor')}
              className="h-10 w-12 shrink-0 cursor-pointer rounded-ui border border-border bg-bg p-1"
            />
            <Input
              {...describedBy('status-page-accent', errors.accentColor, true)}
              value={state.accentColor}
              onChange={(event) => set('accentColor', event.target.value.trim(), 'accentColor')}
              placeholder={DEFAULT_ACCENT}
              maxLength={7}
              className="w-32 font-mono"
            />
          </div>
        </FormField>
        <FormField
          id="status-page-language"
          label="Language"
          hint="Words, dates and numbers on the public page, its password form, widget and compact view. Visitor's browser follows each visitor's language settings (English when none matches)."
        >
          <NativeSelect
            {...describedBy('status-page-language', undefined, true)}
            value={state.language}
            onChange={(event) => set('language', event.target.value as StatusPageLanguageSetting)}
            className="w-56"
          >
            {STATUS_PAGE_LANGUAGE_SETTINGS.map((language) => (
              <option key={language} value={language}>
                {STATUS_PAGE_LANGUAGE_LABELS[language]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <HeaderLinksField
          value={state.headerLinks}
          error={errors.headerLinks}
          onChange={(links) => set('headerLinks', links, 'headerLinks')}
        />
        <FormField
          id="status-page-footer"
          label="Footer line"
          error={errors.footerText}
          hint="A line of plain text at the foot of the page, such as your company's name."
        >
          <Input
            {...describedBy('status-page-footer', errors.footerText, true)}
            value={state.footerText}
            onChange={(event) => set('footerText', event.target.value, 'footerText')}
            placeholder="© Acme Inc."
            maxLength={200}
          />
        </FormField>
        <Checkbox
          id="status-page-published"
          label="Published"
          hint="A new page is a draft, not public until you publish it. A published page is at its address for whoever may see it (below); a draft answers Page Not Available."
          checked={state.published}
          onChange={(checked) => set('published', checked)}
        />
        <Checkbox
          id="status-page-response-times"
          label="Show response times"
          hint="Adds each monitor's response-time sparkline."
          checked={state.showResponseTimes}
          onChange={(checked) => set('showResponseTimes', checked)}
        />
        <Checkbox
          id="status-page-branding"
          label="Remove branding"
          hint={<BrandingHint allowed={brandingAllowed} error={errors.removeBranding} />}
          // A page saved on a higher plan can still be switched off.
          disabled={!brandingAllowed && !state.removeBranding}
          checked={state.removeBranding}
          onChange={(checked) => set('removeBranding', checked, 'removeBranding')}
        />
      </CardContent>
    </Card>
  );
}
