import { benchAnswering } from './answering.bench.ts';
import { benchAttention } from './attention.bench.ts';
import { benchBusinessHours } from './business-hours.bench.ts';
import { benchCapacity } from './capacity.bench.ts';
import { benchCapacityModel } from './capacity-model.ts';
import { benchColdShops } from './cold-shops.bench.ts';
import { benchInbox } from './inbox.bench.ts';
import { benchInsights } from './insights.bench.ts';
import { benchKnowledge } from './knowledge.bench.ts';
import { benchLighthouse } from './lighthouse.bench.ts';
import { benchMessageCost } from './message-cost.bench.ts';
import { benchOrders } from './orders.bench.ts';
import { benchSoak } from './soak.bench.ts';
import { benchStartup } from './startup.bench.ts';
import { type Figure, report } from './support.ts';
import { benchTestsApproved } from './tests-approved.bench.ts';
import { benchUploadBombs } from './upload-bombs.bench.ts';
import { benchVouchers } from './vouchers.bench.ts';
import { benchWebsiteImport } from './website-import.bench.ts';
import { benchWidget } from './widget.bench.ts';

// `npm run bench [name...]`: each benchmark prints its figures and the ratio to its budget.
const benches: Record<string, () => Promise<Figure[]>> = {
  answering: benchAnswering,
  attention: benchAttention,
  'business-hours': benchBusinessHours,
  capacity: benchCapacity,
  'cold-shops': benchColdShops,
  'capacity-model': benchCapacityModel,
  inbox: benchInbox,
  insights: benchInsights,
  knowledge: benchKnowledge,
  'upload-bombs': benchUploadBombs,
  orders: benchOrders,
  lighthouse: benchLighthouse,
  'message-cost': benchMessageCost,
  startup: benchStartup,
  soak: benchSoak,
  'tests-approved': benchTestsApproved,
  vouchers: benchVouchers,
  'website-import': benchWebsiteImport,
  widget: benchWidget,
};

const chosen = process.argv.slice(2).filter((a) => a in benches);
for (const name of chosen.length ? chosen : Object.keys(benches)) {
  console.log(`\n${name}`);
  report(await benches[name]!());
}
process.exit(0);
