/**
 * Run by alipay.test.ts in a child process with TZ set, since Node reads the host's time zone
 * once at start: makes a precreate, a query and a close against the Alipay stand-in with a fixed
 * clock (ALIPAY_FIXTURE_NOW, an ISO instant) and prints, as JSON, the `timestamp` each call
 * carried to the gateway together with the zone the process actually ran in.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channelKeys, startPaymentStandIn } from '../../../../test/support/payment-stand-ins.js';
import { AlipayChannel } from './alipay.js';

const now = new Date(process.env.ALIPAY_FIXTURE_NOW ?? '');
if (Number.isNaN(now.getTime())) throw new Error('ALIPAY_FIXTURE_NOW must be an ISO instant');

const keys = channelKeys();
const standIn = await startPaymentStandIn(keys);

// The stand-in does not keep request parameters, so a pass-through in front of it notes them.
const seen: { method: string | null; timestamp: string | null }[] = [];
const recorder = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://recorder.invalid');
    const form = new URLSearchParams(body.toString('utf8'));
    seen.push({
      method: url.searchParams.get('method') ?? form.get('method'),
      timestamp: url.searchParams.get('timestamp') ?? form.get('timestamp'),
    });
    fetch(`${standIn.url}${url.pathname}${url.search}`, {
      method: request.method ?? 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
      body,
    })
      .then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(await answer.text());
      })
      .catch((error: unknown) => {
        response.writeHead(502);
        response.end(String(error));
      });
  });
});
await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
const { port } = recorder.address() as AddressInfo;

const alipay = new AlipayChannel({
  appId: keys.alipay.appId,
  privateKey: keys.alipay.app.privateKey,
  alipayPublicKey: keys.alipay.alipay.publicKey,
  gateway: `http://127.0.0.1:${port}/gateway.do`,
  timeoutMs: 10_000,
  clock: () => now,
});

const orderNo = '20260115ALIPAYTZ000001';
try {
  await alipay.createQrPayment({
    orderNo,
    amountFen: 3000,
    subject: '月卡会员',
    expiresAt: new Date(now.getTime() + 15 * 60_000),
    notifyUrl: 'https://pay.example.test/api/v1/payments/notify/alipay',
    origin: 'https://pay.example.test',
  });
  await alipay.query(orderNo);
  await alipay.close(orderNo);
  process.stdout.write(
    JSON.stringify({
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      offsetMinutes: now.getTimezoneOffset(),
      calls: seen.map((call, index) => ({ ...call, signatureValid: standIn.calls[index]?.signatureValid ?? false })),
    }),
  );
} finally {
  await new Promise<void>((resolve) => recorder.close(() => resolve()));
  await standIn.close();
}
