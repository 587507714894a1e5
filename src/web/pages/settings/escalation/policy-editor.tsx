import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CHANNEL_LABELS, type Channel } from '../../../../core/api/alerts';
import { type EscalationPolicyInput, MAX_ESCALATION_STEPS } from '../../../../core/api/escalation';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label } from '../../../components/ui/input';
import { newStep, type PolicyFormState, payloadFrom, type StepState } from './policy-form-state';

const NUMBER = 'w-20';

function StepFields({
  step,
  index,
  count,
  channels,
  onChange,
  onMove,
  onRemove,
}: {
  step: StepState;
  index: number;
  count: number;
  channels: Channel[];
  onChange(step: StepState): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const number = index + 1;
  const toggle = (id: string, on: boolean) =>
    onChange({
      ...step,
      channelIds: on ? [...step.channelIds, id] : step.channelIds.filter((c) => c !== id),
    });
  return (
    <fieldset className="flex flex-col gap-3 rounded-ui border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Step {number}</legend>
      <p className="text-sm text-muted">
        {number === 1 ? 'Gets the Down alert at once:' : 'Alerted if nobody has acknowledged by then:'}
      </p>
      <div className="flex flex-col gap-2">
        {channels.map((channel) => (
          <label key={channel.id} className="flex min-w-0 items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={step.channelIds.includes(channel.id)}
              onChange={(event) => toggle(channel.id, event.target.checked)}
            />
            {/* Inline, so a phone wraps the target under the name rather than squeezing both. */}
            <span className="min-w-0 break-words">
              <span className="font-medium">{channel.name}</span>{' '}
              <span className="text-muted">
                {CHANNEL_LABELS[channel.kind]} · {channel.target}
              </span>
            </span>
          </label>
        ))}
      </div>
      {number < count ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          Then wait
          <Input
            type="number"
            min={1}
            max={1440}
            className={NUMBER}
            aria-label={`Minutes to wait after step ${number}`}
            value={step.waitMinutes}
            onChange={(event) => onChange({ ...step, waitMinutes: event.target.value })}
          />
          minutes for an acknowledgement before step {number + 1}.
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowUp className="size-4" aria-hidden />
          Move up<span className="sr-only"> step {number}</span>
        </Button>
        <Button size="sm" variant="ghost" disabled={number === count} onClick={() => onMove(1)}>
          <ArrowDown className="size-4" aria-hidden />
          Move down<span className="sr-only"> step {number}</span>
        </Button>
        <Button size="sm" variant="ghost" disabled={count === 1} onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden />
          Remove step {number}
        </Button>
      </div>
    </fieldset>
  );
}

/** A policy's name, its ordered steps (channels, then a wait), the repeat and whether it is the default. */
export function PolicyEditor({
  title,
  initial,
  channels,
  allowed,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: PolicyFormState;
  channels: Channel[];
  /** The plan includes incident management; without it the form shows but does not save. */
  allowed: boolean;
  submitLabel: string;
  onSubmit(input: EscalationPolicyInput): Promise<unknown>;
  onCancel(): void;
}) {
  const [state, setState] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const setSteps = (steps: StepState[]) => setState({ ...state, steps });
  const move = (index: number, by: -1 | 1) => {
    const steps = [...state.steps];
    const [step] = steps.splice(index, 1);
    if (step) steps.splice(index + by, 0, step);
    setSteps(steps);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = payloadFrom(state);
    if (!payload.ok) {
      setProblem(payload.message);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await onSubmit(payload.value);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          Step 1 gets the Down alert. If nobody acknowledges within its wait, the next step is alerted, and so
          on. Acknowledging (in the app, or with the link in any alert) stops it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label={title}>
          <Field>
            <Label htmlFor="policy-name">Name</Label>
            <Input
              id="policy-name"
              value={state.name}
              placeholder="Office hours"
              onChange={(event) => setState({ ...state, name: event.target.value })}
            />
          </Field>
          {state.steps.map((step, index) => (
            <StepFields
              key={step.key}
              step={step}
              index={index}
              count={state.steps.length}
              channels={channels}
              onChange={(next) => setSteps(state.steps.map((s) => (s.key === step.key ? next : s)))}
              onMove={(by) => move(index, by)}
              onRemove={() => setSteps(state.steps.filter((s) => s.key !== step.key))}
            />
          ))}
          <div>
            <Button
              variant="secondary"
              disabled={state.steps.length >= MAX_ESCALATION_STEPS}
              onClick={() => setSteps([...state.steps, newStep()])}
            >
              <Plus className="size-4" aria-hidden />
              Add a step
            </Button>
          </div>
          <label className="flex flex-wrap items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={state.repeat}
              onChange={(event) => setState({ ...state, repeat: event.target.checked })}
            />
            Repeat the last step every
            <Input
              type="number"
              min={1}
              max={1440}
              className={NUMBER}
              aria-label="Minutes between repeats"
              disabled={!state.repeat}
              value={state.repeatEveryMinutes}
              onChange={(event) => setState({ ...state, repeatEveryMinutes: event.target.value })}
            />
            minutes until someone acknowledges
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={state.isDefault}
              onChange={(event) => setState({ ...state, isDefault: event.target.checked })}
            />
            The workspace's default: monitors that chose no policy follow it
          </label>
          <FormError>{problem}</FormError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!allowed || saving}>
              {saving ? 'Saving…' : submitLabel}
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
