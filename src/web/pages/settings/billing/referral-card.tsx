import { Check, Copy } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FRIENDS_PROGRAM } from '../../../../core/billing/upwatch-catalogue';
import { FRIENDS_REFERRAL, formatCurrency, PLANS } from '../../../../core/plans';
import { useCustomer } from '../../../billing/use-customer';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, Input, Label } from '../../../components/ui/input';

const FREE_MONTHS = `${FRIENDS_REFERRAL.freeMonths} month${FRIENDS_REFERRAL.freeMonths === 1 ? '' : 's'} of ${PLANS[FRIENDS_REFERRAL.freePlan].displayName}`;

// The server's sentences are written for developers; these say what to do next.
const REDEEM_ERRORS: Record<string, string> = {
  referral_code_not_found: "We couldn't find that referral code. Check it and try again.",
  customer_cannot_redeem_own_code: "You can't redeem your own referral code.",
  customer_already_redeemed_referral_code: 'You have already redeemed a referral code.',
  referral_code_max_redemptions_reached: 'This referral code has been used up.',
};

function YourCode() {
  const { createReferralCode } = useCustomer();
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const create = async () => {
    setBusy(true);
    setError(null);
    const result = await createReferralCode({ programId: FRIENDS_PROGRAM.id });
    setBusy(false);
    if (result.error) setError(`We couldn't create your referral code. ${result.error.message}`);
    else setCode(result.data.code);
  };
  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setError('Copying was blocked by the browser. Select the code and copy it by hand.');
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">Your referral code</p>
      {code ? (
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded-ui bg-surface px-3 py-1.5 font-mono text-lg tracking-widest">{code}</code>
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => void create()} disabled={busy}>
          {busy ? 'Creating…' : 'Create referral code'}
        </Button>
      )}
      <FormError>{error}</FormError>
    </div>
  );
}

function RedeemCode() {
  const { redeemReferralCode } = useCustomer();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim().toUpperCase();
    if (!trimmed) return;
    setBusy(true);
    setOutcome(null);
    const result = await redeemReferralCode({ code: trimmed });
    setBusy(false);
    if (result.error) {
      setOutcome({ ok: false, text: REDEEM_ERRORS[result.error.code] ?? result.error.message });
      return;
    }
    setCode('');
    setOutcome({ ok: true, text: `Code redeemed: you get ${FREE_MONTHS} free.` });
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <Label htmlFor="referral-redeem">Redeem a friend's code</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="referral-redeem"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="ABC123"
          autoComplete="off"
          className="max-w-40 font-mono uppercase"
        />
        <Button type="submit" variant="secondary" disabled={busy || code.trim() === ''}>
          {busy ? 'Redeeming…' : 'Redeem'}
        </Button>
      </div>
      {outcome?.ok ? (
        <p role="status" className="text-sm text-accent">
          {outcome.text}
        </p>
      ) : (
        <FormError>{outcome?.text}</FormError>
      )}
    </form>
  );
}

export function ReferralCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refer a friend</CardTitle>
        <CardDescription>
          A friend who redeems your code gets {FREE_MONTHS} free; you get{' '}
          {formatCurrency(FRIENDS_REFERRAL.referrerCredit)} of credit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <YourCode />
        <RedeemCode />
      </CardContent>
    </Card>
  );
}
