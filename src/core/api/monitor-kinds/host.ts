// A host name or IP address as TCP and ping monitors take it: no scheme, no path, no port.
import { z } from 'zod';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 dotted quad or an IPv6 literal (without brackets); shared by server and browser. */
export function isIpLiteral(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

function isHost(value: string): boolean {
  if (isIpLiteral(value)) return true;
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

export const hostSchema = z
  .string()
  .trim()
  .min(1, 'Enter a host name or IP address.')
  .max(253, 'Host names are limited to 253 characters.')
  .refine(isHost, 'Enter a host name or IP address only, without a scheme, path, port or brackets.');
