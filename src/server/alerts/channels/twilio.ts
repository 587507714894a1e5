// Twilio (the paid-provider example): a text message through the Messages API, or a phone call
// that reads the alert out through the Calls API. Both take a form body and the account's SID
// and auth token as basic auth.

import { escapeHtml } from '../../platform/mail/layout.ts';
import type { AlertEvent } from '../alert-event.ts';
import { type RenderContext, summarise } from '../alert-summary.ts';
import type { AlertChannel } from '../channel.ts';

/** One SMS segment and a bit: long enough for the headline and the link. */
const SMS_LIMIT = 320;

export function renderTwilio(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  // A text's one link: the acknowledgement when there is one, so on-call can take it from the phone.
  const link = s.acknowledgeLink ?? s.incidentLink ?? s.monitorLink;
  const sms = `Upwatch [${s.tag}] ${s.headline} ${s.description}`;
  return {
    sms: `${sms.slice(0, SMS_LIMIT - link.length - 1)} ${link}`,
    // Said twice: the first words of a call are often missed.
    twiml: `<Response><Say>${escapeHtml(`Upwatch alert. ${s.headline} ${s.description}`)}</Say><Pause length="1"/><Say>${escapeHtml(s.headline)}</Say></Response>`,
  };
}

export const twilioChannel: AlertChannel<'twilio', ReturnType<typeof renderTwilio>> = {
  kind: 'twilio',
  render: renderTwilio,
  async send(rendered, config, deps) {
    const account = `${deps.providers.twilio}/2010-04-01/Accounts/${config.accountSid}`;
    const voice = config.mode === 'voice';
    const fields: Record<string, string> = voice
      ? { To: config.to, From: config.from, Twiml: rendered.twiml }
      : { To: config.to, From: config.from, Body: rendered.sms };
    const form = { url: `${account}/${voice ? 'Calls' : 'Messages'}.json`, fields };
    const basic = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
    await deps.postJson(form.url, new URLSearchParams(form.fields).toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      signal: deps.signal,
    });
  },
  target: (config) => `${config.mode === 'voice' ? 'Call' : 'SMS'} to ${config.to}`,
  url: () => null,
};
