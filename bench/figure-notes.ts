/**
 * What the order-page and module figures of a run measure, printed after its tables so that every
 * run of `npm run bench` explains them (bench/RESULTS.md is written anew by each full run).
 */
export const figureNotes = (orders: number) => [
  '',
  '### What the scale figures measure',
  '',
  `Every request goes through the whole HTTP stack (Fastify inject: parsing, the session, the page's access check, the caller's data scope, the engine, the JSON envelope) as a logged-in user, on the data below; p50/p95/p99 of 40 runs after 3 warm-up runs (the dashboard of admin: 20). A budget is met when the p95 is within it.`,
  '',
  `- **Data.** ${orders.toLocaleString('en')} orders over three years with 2–4 lines each, and what the services make of them (\`bench/scale/scale*.ts\`): an approval stream for every submitted own-line order (its chain from the order approval configuration, decided by the demo's accounts), a receipt allocated to every paid order and confirmed by finance (a third of the effective unpaid orders have one awaiting finance), an invoice application for every invoiced order, one shipment per shipped order (one row per line), received within a week. Beside them: one agent's rebate account with about 100,000 flows (\`bench/scale-rebates.ts\`), every agent's monthly stock report lines, bought from the shipments (\`bench/scale-stock.ts\`), and the province manager's province targets of the three years with their RSP lines, entered through the forms' calls (\`bench/scale-tasks.ts\`).`,
  '- **Order page.** The own-line order record page asks for the order (`order/getOne`), its lines (`order/lines`) and the decision options of its approval (`workflow/options`, which replays the stream); each is timed alone and the three together, as the page sends them, on forty orders taken across the years (in approval and effective).',
  '- **Order report of a month.** `orderItem/search` of the own-line order report (`ordersSetup.ownLineOrderReport`) filtered to last month: one row per order line with what is shipped, paid and invoiced of it (view `order_item_report`), page 1 of 10 and the total. The dashboard figures of that month (orders, amount, paid, invoiced, shipped against ordered, both lines) come from `dashboard/summary`, with the to-do counts of the same call.',
  "- **Approval query.** The approval query (`ordersSetup.approvalQuery`) as finance with the to-do lens (`AwaitingMe`): the own-line orders whose approval stream waits for finance, newest first, page 1 and the total; the dashboard's to-do counts of finance run the same search for each of its lists.",
  '- **Rebates.** The customer rebate summary and ledger as finance, filtered to the agent with about 100,000 flows: its accounts with every figure (accrued, posted, frozen, used, expired, balances, next expiry), and the first page of its flows, newest first.',
  "- **Province task report.** The provincial task report as the province manager: each target of the province with its RSPs' achievement of the year computed from their effective orders, confirmed receipts or shipment reports.",
  '- **Stock report.** The distributor stock report as the province manager with the Period filter set to last year: the lines of the province’s agents, page 1 and the total.',
  "- **Import.** A stock report workbook of 50,000 lines (the distributors' months from 2040 on, each opening at the closing before it) through the real upload endpoint: checked in a first pass, written in a second; time and the process's peak resident memory.",
];
