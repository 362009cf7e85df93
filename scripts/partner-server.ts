import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the partner manufacturer's order feed and the product source, for the demo and the
 * tests: a plain node http server answering `GET /orders?page=&pageSize=` (and `GET /products?…`, the
 * product files; `GET /instructions?since=&until=&…` and `GET /shipments?…`, the shipping instructions
 * and shipments of its orders) with NDJSON pages (`X-Has-More: true` while more
 * follow), one raw line per partner order, served verbatim, malformed lines included. `delayMs` makes
 * every answer that late (a partner that does not answer in time); `failStatus` answers that status.
 *
 * Run on its own: `npx tsx scripts/partner-server.ts [port]` serves the lines of PARTNER_FEED (orders),
 * PARTNER_INSTRUCTIONS and PARTNER_SHIPMENTS until stopped.
 */

/**
 * A line of a feed that changes over time: with `at` (when the partner made or last changed the record)
 * it is served only to the window `since < at <= until` a pull asks for, as the partner's system answers
 * a cursor; a bare line is served to every window.
 */
export type FeedLine = string | { line: string; at: string };

export interface PartnerServerOptions {
  /** The raw lines of the feed, in order. */
  lines: string[];
  /** The raw lines of the product files feed, in order. */
  productLines?: string[];
  /** The shipping instructions of the partner's orders, in order. */
  instructionLines?: FeedLine[];
  /** The shipments of the partner's orders, in order. */
  shipmentLines?: FeedLine[];
  delayMs?: number;
  failStatus?: number;
  port?: number;
}

export interface PartnerServer {
  url: string;
  /** Replaces the feed (a partner correcting or changing its orders). */
  setLines(lines: string[]): void;
  /** Replaces the product files (the source adding, changing or breaking products). */
  setProductLines(lines: string[]): void;
  /** Replaces the shipping instructions feed. */
  setInstructionLines(lines: FeedLine[]): void;
  /** Replaces the shipments feed. */
  setShipmentLines(lines: FeedLine[]): void;
  setDelay(ms: number): void;
  /** The queries received, for tests that check the pull's page size and window. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

export async function startPartnerServer(options: PartnerServerOptions): Promise<PartnerServer> {
  let lines = options.lines;
  let productLines = options.productLines ?? [];
  let instructionLines = options.instructionLines ?? [];
  let shipmentLines = options.shipmentLines ?? [];
  let delayMs = options.delayMs ?? 0;
  const requests: URLSearchParams[] = [];
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://partner');
    const feeds: Record<string, FeedLine[]> = {
      '/orders': lines,
      '/products': productLines,
      '/instructions': instructionLines,
      '/shipments': shipmentLines,
    };
    if (!feeds[url.pathname]) {
      response.writeHead(404).end();
      return;
    }
    const feed = inWindow(feeds[url.pathname], url.searchParams);
    requests.push(url.searchParams);
    const answer = () => {
      if (options.failStatus) {
        response.writeHead(options.failStatus).end();
        return;
      }
      const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
      const size = Math.max(1, Number(url.searchParams.get('pageSize')) || 100);
      const slice = feed.slice((page - 1) * size, page * size);
      response.writeHead(200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'x-has-more': String(page * size < feed.length),
      });
      response.end(slice.map((line) => `${line}\n`).join(''));
    };
    if (delayMs <= 0) answer();
    else {
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!response.destroyed) answer();
      }, delayMs);
      pending.add(timer);
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setLines: (next) => {
      lines = next;
    },
    setProductLines: (next) => {
      productLines = next;
    },
    setInstructionLines: (next) => {
      instructionLines = next;
    },
    setShipmentLines: (next) => {
      shipmentLines = next;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The lines of a feed a pull's window asks for, as text (a dated line outside the window is left out). */
function inWindow(feed: FeedLine[], query: URLSearchParams): string[] {
  const since = query.get('since') ? Date.parse(query.get('since')!) : Number.NEGATIVE_INFINITY;
  const until = query.get('until') ? Date.parse(query.get('until')!) : Number.POSITIVE_INFINITY;
  return feed.flatMap((entry) => {
    if (typeof entry === 'string') return [entry];
    const at = Date.parse(entry.at);
    return at > since && at <= until ? [entry.line] : [];
  });
}

/** One product as the product source exports it; the standard price in yuan, as text. */
export function productLine(product: {
  pn: string;
  name: string;
  category: string;
  standardPrice: string;
  brand?: string;
  pattern?: string;
  model?: string;
  description?: string;
  enabled?: boolean;
}): string {
  return JSON.stringify({ enabled: true, ...product });
}

/** One partner order as the partner's system exports it. */
export function partnerOrderLine(order: {
  orderNo: string;
  orderDate: string;
  agentCode: string;
  endUser?: string;
  contractNo?: string;
  lines: { productCode: string; quantity: number; unitPrice: string }[];
}): string {
  return JSON.stringify({
    orderNo: order.orderNo,
    orderDate: order.orderDate,
    agentCode: order.agentCode,
    endUser: order.endUser,
    contractNo: order.contractNo,
    currency: 'CNY',
    lines: order.lines.map((line, index) => ({ lineNo: index + 1, ...line })),
  });
}

/** One shipping instruction as the partner's system exports it: which lines of its order to ship, to whom. */
export function partnerInstructionLine(instruction: {
  instructionNo: string;
  orderNo: string;
  instructionDate: string;
  receiverName?: string;
  receiverPhone?: string;
  receiverAddress?: string;
  lines: { lineNo: number; productCode: string; quantity: number }[];
}): string {
  return JSON.stringify(instruction);
}

/** One shipment as the partner's system exports it: what left its warehouse under an instruction. */
export function partnerShipmentLine(shipment: {
  shipmentNo: string;
  instructionNo: string;
  orderNo: string;
  shipDate: string;
  logisticsCompany?: string;
  trackingNo?: string;
  lines: { lineNo: number; productCode: string; quantity: number; serialNumbers?: string[] }[];
}): string {
  return JSON.stringify(shipment);
}

if (process.argv[1]?.endsWith('partner-server.ts')) {
  const port = Number(process.argv[2] ?? 8090);
  const linesOf = (name: string) => (process.env[name] ?? '').split('\n').filter(Boolean);
  startPartnerServer({
    lines: linesOf('PARTNER_FEED'),
    instructionLines: linesOf('PARTNER_INSTRUCTIONS'),
    shipmentLines: linesOf('PARTNER_SHIPMENTS'),
    port,
  }).then((server) => console.log(`Partner feed at ${server.url}`));
}
