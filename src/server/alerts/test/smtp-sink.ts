// A real SMTP server on 127.0.0.1 (smtp-server) that keeps each mail, with just enough MIME
// decoding to read the subject and the text and HTML parts.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The header block, folded lines joined. */
  headers: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?api=2Eexample=2Ecom_=E2=80=94?= */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

function decodePart(part: string): { type: string; body: string } {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  const type = /content-type:\s*([\w/]+)/i.exec(head)?.[1]?.toLowerCase() ?? '';
  if (encoding === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) };
  if (encoding === 'base64') return { type, body: Buffer.from(body, 'base64').toString('utf8') };
  return { type, body };
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1] ?? '';
  const parts = raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => decodePart(part.replace(/^\r?\n/, '')));
  const text = parts.find((p) => p.type === 'text/plain')?.body ?? '';
  const html = parts.find((p) => p.type === 'text/html')?.body ?? '';
  return { to, subject, text: text.replace(/\r\n/g, '\n'), html, headers: unfolded };
}

export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
