// A local epay payment provider for tests (reference §8.2–8.3): a real HTTP server on 127.0.0.1 that takes the
// gateway's signed form at POST /submit.php, shows a payment page with a Pay button, and on payment calls the
// order's notify_url (GET, signed params) and redirects the browser to its return_url. Test controls send the
// callbacks a real provider never should: forged signature, another merchant, less money, duplicates, late ones.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signEpay, verifyEpaySign } from '../../daemon/modules/topup/epay-sign.js';

export interface SubmittedOrder {
  /** The form fields as the gateway signed them. */
  params: Record<string, string>;
  /** The provider's own trade number, set when paid. */
  tradeNo?: string;
  paid: boolean;
}

export type NotifyMode = 'normal' | 'forged' | 'wrong-merchant' | 'under-paid';

export interface NotifyOptions {
  mode?: NotifyMode;
  /** Money to report instead of the order's (for 'under-paid' the default is the order's money minus 0.01). */
  money?: string;
  tradeStatus?: string;
  /** GET with a query (the default) or POST with a form. */
  method?: 'GET' | 'POST';
}

export interface Notification {
  outTradeNo: string;
  mode: NotifyMode;
  status: number;
  body: string;
}

export interface EpayServer {
  url: string;
  pid: string;
  key: string;
  orders: Map<string, SubmittedOrder>;
  notifications: Notification[];
  /** Sends one callback for a submitted order, as after payment; answers the gateway's body ('success' / 'fail'). */
  notify(outTradeNo: string, opts?: NotifyOptions): Promise<string>;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const page = (res: ServerResponse, status: number, title: string, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1>${body}</body></html>`);
};

/** Cents minus one, for an under-paid callback ("7.30" → "7.29"). */
const lessByACent = (money: string) => {
  const [w, f = ''] = money.split('.');
  const cents = BigInt(w) * 100n + BigInt(f.padEnd(2, '0').slice(0, 2)) - 1n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

export async function startEpayServer(opts: { pid?: string; key?: string } = {}): Promise<EpayServer> {
  const pid = opts.pid ?? '1001';
  const key = opts.key ?? 'test-merchant-key';
  const orders = new Map<string, SubmittedOrder>();
  const notifications: Notification[] = [];
  let seq = 0;

  async function notify(outTradeNo: string, o: NotifyOptions = {}): Promise<string> {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`no submitted order ${outTradeNo}`);
    const mode = o.mode ?? 'normal';
    order.tradeNo ??= `EP${Date.now()}${++seq}`;
    const p = order.params;
    const fields = {
      pid: mode === 'wrong-merchant' ? `${pid}9` : pid,
      trade_no: order.tradeNo,
      out_trade_no: outTradeNo,
      type: p.type,
      name: p.name,
      money: o.money ?? (mode === 'under-paid' ? lessByACent(p.money) : p.money),
      trade_status: o.tradeStatus ?? 'TRADE_SUCCESS',
    };
    const signed = signEpay(fields, mode === 'forged' ? `${key}-forged` : key);
    const query = new URLSearchParams(signed).toString();
    const res = o.method === 'POST'
      ? await fetch(p.notify_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query })
      : await fetch(`${p.notify_url}${p.notify_url.includes('?') ? '&' : '?'}${query}`);
    const body = await res.text();
    notifications.push({ outTradeNo, mode, status: res.status, body });
    return body;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => page(res, 500, 'Error', `<p>${esc(String(e))}</p>`));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/submit.php') {
      const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
      if (!verifyEpaySign(params, key)) return page(res, 400, 'Signature error', '<p id="error">sign mismatch</p>');
      if (params.pid !== pid) return page(res, 400, 'Merchant error', '<p id="error">unknown merchant</p>');
      orders.set(params.out_trade_no, { params, paid: false });
      return page(res, 200, 'Test epay', [
        `<p>Order <span id="out-trade-no">${esc(params.out_trade_no)}</span></p>`,
        `<p>${esc(params.name)}: <span id="money">${esc(params.money)}</span> (${esc(params.type)})</p>`,
        `<form method="post" action="/pay/${encodeURIComponent(params.out_trade_no)}"><button id="pay" type="submit">Pay</button></form>`,
      ].join(''));
    }
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (pay && (req.method === 'POST' || req.method === 'GET')) {
      await readBody(req);
      const outTradeNo = decodeURIComponent(pay[1]);
      const order = orders.get(outTradeNo);
      if (!order) return page(res, 404, 'Unknown order', '');
      order.paid = true;
      await notify(outTradeNo);
      res.writeHead(302, { location: order.params.return_url });
      return void res.end();
    }
    // GET /control/notify?out_trade_no=&mode=normal|forged|wrong-merchant|under-paid&times=N: callbacks for browser tests
    if (req.method === 'GET' && url.pathname === '/control/notify') {
      const outTradeNo = url.searchParams.get('out_trade_no') ?? '';
      const mode = (url.searchParams.get('mode') ?? 'normal') as NotifyMode;
      const times = Math.min(50, Math.max(1, Number(url.searchParams.get('times') ?? 1)));
      const answers: string[] = [];
      for (let i = 0; i < times; i++) answers.push(await notify(outTradeNo, { mode }));
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.end(answers.join('\n'));
    }
    page(res, 404, 'Not found', '');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    key,
    orders,
    notifications,
    notify,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
