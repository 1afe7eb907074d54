import { createHash, createVerify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { alipaySignContent, type ChannelKeys, rsaSign, wechatSignatureHeaders } from './payment-stand-ins.js';

/**
 * A stand-in of the channels' bill downloads: Alipay's downloadurl query (signed answer) and its
 * zipped GBK bill, WeChat Pay's /v3/bill/tradebill (signed answer with the bill's SHA1) and the
 * bill behind download_url. Tests set the bills' bytes.
 */
export interface BillStandIn {
  url: string;
  /** The zip Alipay serves, by bill_date; a date without one answers isp.bill_not_exist. */
  alipayBills: Map<string, Buffer>;
  /** The CSV WeChat Pay serves, by bill_date; a date without one answers NO_STATEMENT_EXIST. */
  wechatBills: Map<string, string>;
  /** When set, the SHA1 WeChat Pay states is this instead of the bill's. */
  wechatHashOverride: string | null;
  calls: Array<{ what: string; signatureValid: boolean }>;
  close(): Promise<void>;
}

/** A zip archive of stored (uncompressed) files, names in GBK as Alipay's are. */
export function storedZip(files: Array<{ name: Buffer; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(file.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(file.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file.name, file.data);
    centrals.push(central, file.name);
    offset += 30 + file.name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export async function startBillStandIn(keys: ChannelKeys): Promise<BillStandIn> {
  const standIn: BillStandIn = { url: '', alipayBills: new Map(), wechatBills: new Map(), wechatHashOverride: null, calls: [], close: async () => undefined };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (url.pathname === '/gateway.do') {
        const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
        const signatureValid = createVerify('RSA-SHA256').update(alipaySignContent(params), 'utf8').verify(keys.alipay.app.publicKey, params.sign ?? '', 'base64');
        standIn.calls.push({ what: params.method ?? '', signatureValid });
        const biz = JSON.parse(params.biz_content ?? '{}') as { bill_type?: string; bill_date?: string };
        const answer = !signatureValid
          ? { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' }
          : biz.bill_type === 'trade' && standIn.alipayBills.has(biz.bill_date ?? '')
            ? { code: '10000', msg: 'Success', bill_download_url: `${standIn.url}/alipay-bills/${biz.bill_date ?? ''}.zip` }
            : { code: '40004', msg: 'Business Failed', sub_code: 'isp.bill_not_exist', sub_msg: '账单不存在' };
        const inner = JSON.stringify(answer);
        response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        response.end(`{"alipay_data_dataservice_bill_downloadurl_query_response":${inner},"sign":"${rsaSign(keys.alipay.alipay.privateKey, inner)}"}`);
        return;
      }
      const alipayBill = /^\/alipay-bills\/(.+)\.zip$/.exec(url.pathname);
      if (alipayBill) {
        response.writeHead(200, { 'content-type': 'application/zip' });
        response.end(standIn.alipayBills.get(alipayBill[1] ?? ''));
        return;
      }
      const signed = /^WECHATPAY2-SHA256-RSA2048 /.test(request.headers.authorization ?? '');
      standIn.calls.push({ what: `${request.method ?? ''} ${url.pathname}`, signatureValid: signed });
      if (url.pathname === '/v3/bill/tradebill') {
        const date = url.searchParams.get('bill_date') ?? '';
        const bill = standIn.wechatBills.get(date);
        if (bill === undefined) {
          response.writeHead(400, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ code: 'NO_STATEMENT_EXIST', message: '账单文件不存在' }));
          return;
        }
        const text = JSON.stringify({
          hash_type: 'SHA1',
          hash_value: standIn.wechatHashOverride ?? createHash('sha1').update(bill).digest('hex'),
          download_url: `${standIn.url}/v3/billdownload/file?token=${date}`,
        });
        response.writeHead(200, { 'content-type': 'application/json', ...wechatSignatureHeaders(keys.wechat.platform.privateKey, text) });
        response.end(text);
        return;
      }
      if (url.pathname === '/v3/billdownload/file') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(standIn.wechatBills.get(url.searchParams.get('token') ?? '') ?? '');
        return;
      }
      response.writeHead(404);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return standIn;
}
