// A local SMTP server for tests (the `smtp-server` package): accepts mail (optionally only with a login), keeps
// every message decoded enough to read its subject, recipients and HTML, and can wait for the next one.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header values, names lower-cased, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  html: string;
  auth?: { username: string; password: string };
}

export interface TestSmtp {
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the next message to `to` (or one already received and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(opts: { user?: string; pass?: string } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !opts.user,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) return cb(null, { user: auth.username });
      cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push({
          ...mail,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          auth: session.user ? { username: String(session.user), password: opts.pass ?? '' } : undefined,
        });
        waiters.splice(0).forEach((w) => w());
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;

  async function next(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find((m) => !taken.has(m) && m.to.includes(to));
      if (found) {
        taken.add(found);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  return { port, mails, next, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Enough MIME for a single-part message as nodemailer writes it: headers, then a QP or base64 body. */
export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to' | 'auth'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let html = body;
  if (encoding === 'base64') html = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') html = decodeQp(body);
  return { headers, subject: headers.subject ?? '', html };
}

function decodeQp(s: string): string {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(v: string): string {
  return v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );
}
