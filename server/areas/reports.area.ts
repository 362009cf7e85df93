import { controlDateLock } from '../imports/control-date-lock.job';
import { checkControlDate } from '../imports/control-dates';
import { collectionFigureInvariants } from '../reports/collection-figures.invariants';
import { afterLateRequestWrite, refuseLateRequestChange } from '../reports/late-report.rules';
import { orderFigureInvariants } from '../reports/order-figures.invariants';
import { reportInvariants } from '../reports/report.invariants';
import { reportStorages } from '../reports/report.storage';
import { reportDeadlines } from '../reports/report-deadlines.job';
import { refuseUnseenReport } from '../reports/report-line-reads';
import { refuseLockedLineChange, refuseLockedReportEdit } from '../reports/report-lines.rules';
import { reportOpinionHooks } from '../reports/report-opinion.hooks';
import { refuseOpinionChange } from '../reports/report-review.rules';
import { reportReviewStorages } from '../reports/report-review.storage';
import { agentReportHooks, lateReportHooks } from '../reports/report-state.hooks';
import { reportStateStorages } from '../reports/report-state.storage';
import { type AreaParts, defineArea, stored } from './area';

/**
 * A report line of a locked period, or of a report under review or approved, is refused (notes §7.3);
 * a line changes only while its report is open (docs/imports.md "Report states").
 */
const reportLine = {
  afterWrite: refuseLockedReportEdit,
  afterImport: 'batch',
  beforeChange: refuseLockedLineChange,
  // The reported lines and their upload history are written by real imports.
  demo: 'story',
} as const;

/** Sales, stock and purchase reports, their states, reviews and late requests. */
export const reportsArea = defineArea(
  'reports',
  (): AreaParts<'reports'> => ({
    resources: {
      ...stored(reportStorages),
      ...stored(reportReviewStorages, { reportOpinion: { beforeChange: refuseOpinionChange } }),
      ...stored(reportStateStorages, {
        // A late-report request is checked and started when asked (docs/imports.md).
        lateReportRequest: { afterWrite: afterLateRequestWrite, beforeChange: refuseLateRequestChange },
        // A report's lines: the lines lists' rows (a view), asked for by a report the caller sees.
        agentReportLine: { beforeRead: refuseUnseenReport, demo: 'story' },
      }),
      salesReport: reportLine,
      stockReport: reportLine,
      purchaseReport: reportLine,
      shipmentReport: reportLine,
      rspShipmentReport: reportLine,
      // Control dates are configuration the report stories enter for their province.
      reportControlDate: { afterWrite: checkControlDate, demo: 'story' },
      importHistory: { demo: 'story' },
    },
    workflows: {
      reportOpinion: reportOpinionHooks,
      agentReport: agentReportHooks,
      lateReportRequest: lateReportHooks,
    },
    jobs: { controlDateLock, reportDeadlines },
    invariants: { ...reportInvariants, ...orderFigureInvariants, ...collectionFigureInvariants },
  }),
);
