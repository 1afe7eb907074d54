import { inflateRawSync } from 'node:zlib';
import { fromChinaTime, type TradeBillLine, yuanToFen } from './channel.js';

/*
 * Reading the channels' bill files: Alipay's trade bill is a zip of GBK-encoded CSV files (the
 * detail and a summary), WeChat Pay's a UTF-8 CSV whose every value starts with a backtick.
 */

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const UTF8_NAMES = 0x0800;

/** The files of a zip archive (stored or deflated entries; what Alipay's bills use). Throws on anything else. */
export function unzip(archive: Buffer): ZipEntry[] {
  let end = -1;
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 65_535); at -= 1) {
    if (archive.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(at) !== CENTRAL) throw new Error('damaged zip directory');
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const nameBytes = archive.subarray(at + 46, at + 46 + nameLength);
    const name = new TextDecoder(flags & UTF8_NAMES ? 'utf-8' : 'gbk').decode(nameBytes);
    if (archive.readUInt32LE(localAt) !== LOCAL) throw new Error('damaged zip entry');
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const raw = archive.subarray(dataAt, dataAt + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`zip entry ${name} uses compression ${method}`);
    entries.push({ name, data: method === 0 ? Buffer.from(raw) : inflateRawSync(raw) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function cells(line: string): string[] {
  return line.split(',').map((cell) => cell.trim());
}

function column(header: string[], ...names: string[]): number {
  const index = header.findIndex((cell) => names.some((name) => cell.startsWith(name)));
  if (index < 0) throw new Error(`the bill has no column ${names[0] ?? ''}`);
  return index;
}

function amount(text: string | undefined): number {
  const fen = yuanToFen((text ?? '').replace(/^-/, ''));
  if (fen === null) throw new Error(`the bill has an amount that is not one: ${text ?? ''}`);
  return fen;
}

function instant(text: string | undefined): Date {
  const at = fromChinaTime(text ?? '');
  if (!at) throw new Error(`the bill has a time that is not one: ${text ?? ''}`);
  return at;
}

/**
 * Alipay's trade bill detail (业务明细): `#` lines around a header row and one row per trade or
 * refund (业务类型 交易 / 退款; a refund's amount negative, its 退款批次号/请求号 our
 * out_request_no). Values are padded with tabs.
 */
export function parseAlipayTradeBill(csv: string): TradeBillLine[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const headerLine = lines.shift();
  if (!headerLine) return [];
  const header = cells(headerLine);
  const tradeNo = column(header, '支付宝交易号');
  const orderNo = column(header, '商户订单号');
  const kind = column(header, '业务类型');
  const finished = column(header, '完成时间');
  const total = column(header, '订单金额');
  const requestNo = column(header, '退款批次号');
  return lines.map((line) => {
    const row = cells(line);
    const refund = row[kind] === '退款';
    return {
      type: refund ? 'refund' : 'payment',
      orderNo: row[orderNo] ?? '',
      channelTradeNo: row[tradeNo] || null,
      refundNo: refund ? row[requestNo] || null : null,
      amountFen: amount(row[total]),
      at: instant(row[finished]),
    };
  });
}

/** The detail file of Alipay's zipped trade bill (its name says 业务明细 and not 汇总), decoded from GBK. */
export function alipayBillDetail(archive: Buffer): string {
  const entry = unzip(archive).find((file) => file.name.includes('明细') && !file.name.includes('汇总'));
  if (!entry) throw new Error('the bill archive has no detail file');
  return new TextDecoder('gbk').decode(entry.data);
}

/**
 * WeChat Pay's trade bill (bill_type ALL): a header row, one row per payment (交易状态 SUCCESS)
 * or refund (REFUND, with 商户退款单号 and 退款金额), each value after a backtick, then the
 * summary from 总交易单数 on.
 */
export function parseWechatTradeBill(csv: string): TradeBillLine[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerLine = lines.shift();
  if (!headerLine) return [];
  const header = cells(headerLine);
  const time = column(header, '交易时间');
  const tradeNo = column(header, '微信订单号');
  const orderNo = column(header, '商户订单号');
  const state = column(header, '交易状态');
  const settled = column(header, '应结订单金额');
  const refundNo = column(header, '商户退款单号');
  const refunded = column(header, '退款金额');
  const refundState = column(header, '退款状态');
  const result: TradeBillLine[] = [];
  for (const line of lines) {
    if (line.startsWith('总交易单数')) break;
    if (line.trim() === '') continue;
    const row = line.split(',').map((cell) => cell.replace(/^`/, '').trim());
    const tradeState = row[state];
    if (tradeState === 'REFUND') {
      if (row[refundState] && row[refundState] !== 'SUCCESS') continue;
      result.push({
        type: 'refund',
        orderNo: row[orderNo] ?? '',
        channelTradeNo: row[tradeNo] || null,
        refundNo: row[refundNo] || null,
        amountFen: amount(row[refunded]),
        at: instant(row[time]),
      });
    } else if (tradeState === 'SUCCESS') {
      result.push({
        type: 'payment',
        orderNo: row[orderNo] ?? '',
        channelTradeNo: row[tradeNo] || null,
        refundNo: null,
        amountFen: amount(row[settled]),
        at: instant(row[time]),
      });
    }
  }
  return result;
}
