// Twilio (the paid-provider example): a text message through the Messages API, or a phone call
// that reads the alert out through the Calls API. Both take a form body and the account's SID
// and auth token as basic auth.

import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { escapeHtml } from '../../mail-layout.ts';
import type { ChannelDelivery, StoredConfigs } from '../delivery.ts';

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

export const delivery: ChannelDelivery<StoredConfigs['twilio'], ReturnType<typeof renderTwilio>> = {
  render: renderTwilio,
  message(rendered, config, { providers }) {
    const account = `${providers.twilio}/2010-04-01/Accounts/${config.accountSid}`;
    const voice = config.mode === 'voice';
    const fields: Record<string, string> = voice
      ? { To: config.to, From: config.from, Twiml: rendered.twiml }
      : { To: config.to, From: config.from, Body: rendered.sms };
    // Account SIDs and auth tokens are ASCII, so btoa (in browsers and Node alike) encodes them.
    const basic = btoa(`${config.accountSid}:${config.authToken}`);
    return {
      via: 'http',
      url: `${account}/${voice ? 'Calls' : 'Messages'}.json`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams(fields).toString(),
    };
  },
  target: (config) => `${config.mode === 'voice' ? 'Call' : 'SMS'} to ${config.to}`,
  url: () => null,
};
