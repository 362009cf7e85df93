import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as identity from './migrations/001-identity.migration';
import * as dictionary from './migrations/002-dictionary.migration';
import * as records from './migrations/003-records.migration';
import * as exportJobs from './migrations/004-export-jobs.migration';
import * as files from './migrations/005-files.migration';
import * as companyLookup from './migrations/006-company-lookup.migration';
import * as workflows from './migrations/007-workflows.migration';
import * as listIndexes from './migrations/008-list-indexes.migration';
import * as employeeChangesAddresses from './migrations/009-employee-changes-addresses.migration';
import * as numberPrefix from './migrations/010-number-prefix.migration';
import * as customerProcessTypes from './migrations/011-customer-process-types.migration';
import * as passwordChangedAt from './migrations/012-password-changed-at.migration';
import * as workflowPlatform from './migrations/013-workflow-platform.migration';
import * as scheduledJobs from './migrations/014-scheduled-jobs.migration';
import * as temporaryPasswords from './migrations/015-temporary-passwords.migration';
import * as agentMenus from './migrations/016-agent-menus.migration';
import * as agentCompanyPage from './migrations/017-agent-company-page.migration';
import * as orderEntry from './migrations/018-order-entry.migration';
import * as orderApproval from './migrations/019-order-approval.migration';
import * as payments from './migrations/020-payments.migration';
import * as opportunityRegistration from './migrations/021-opportunity-registration.migration';
import * as rebateLedger from './migrations/022-rebate-ledger.migration';
import * as reportImports from './migrations/023-report-imports.migration';
import * as invoices from './migrations/024-invoices.migration';
import * as deliveries from './migrations/025-deliveries.migration';
import * as partnerPull from './migrations/026-partner-pull.migration';
import * as orderChanges from './migrations/027-order-changes.migration';
import * as loans from './migrations/028-loans.migration';
import * as specialPrices from './migrations/029-special-prices.migration';
import * as commitmentLettersCpq from './migrations/030-commitment-letters-cpq.migration';
import * as rebateSettlement from './migrations/031-rebate-settlement.migration';
import * as salesTaskViews from './migrations/032-sales-task-views.migration';
import * as salesActivity from './migrations/033-sales-activity.migration';
import * as computedReports from './migrations/034-computed-reports.migration';
import * as agreements from './migrations/035-agreements.migration';
import * as productPull from './migrations/036-product-pull.migration';
import * as opportunityReports from './migrations/037-opportunity-reports.migration';
import * as deliveriesScreens from './migrations/038-deliveries-screens.migration';
import * as rebateTaskForm from './migrations/039-rebate-task-form.migration';
import * as reportStates from './migrations/040-report-states.migration';
import * as reportReviews from './migrations/041-report-reviews.migration';
import * as caches from './migrations/042-caches.migration';
import * as regionApproverBands from './migrations/043-region-approver-bands.migration';
import * as scaleReads from './migrations/044-scale-reads.migration';
import * as awaitingOnRecord from './migrations/045-awaiting-on-record.migration';
import * as companyChannelOrders from './migrations/046-company-channel-orders.migration';
import * as referenceApplied from './migrations/047-reference-applied.migration';
import * as booksCheck from './migrations/048-books-check.migration';
import * as rebateSummaryColumns from './migrations/050-rebate-summary-columns.migration';
import * as stockChainFlag from './migrations/051-stock-chain-flag.migration';
import * as salesTaskBooks from './migrations/052-sales-task-books.migration';
import * as orderMonthFigures from './migrations/053-order-month-figures.migration';
import * as opportunityCustomerFigures from './migrations/054-opportunity-customer-figures.migration';
import * as salesTaskDuties from './migrations/055-sales-task-duties.migration';
import * as addressCoordinates from './migrations/056-address-coordinates.migration';
import * as orderReportCountsOrders from './migrations/060-order-report-counts-orders.migration';
import * as returnedOrders from './migrations/061-returned-orders.migration';
import * as settlementSheets from './migrations/062-settlement-sheets.migration';
import * as stiReview from './migrations/063-sti-review.migration';
import * as taskApprovalTodos from './migrations/064-task-approval-todos.migration';
import * as policyDates from './migrations/065-policy-dates.migration';
import * as ratesNeverOverflow from './migrations/066-rates-never-overflow.migration';
import * as rspLinesAreRspTasks from './migrations/067-rsp-lines-are-rsp-tasks.migration';
import * as portalServers from './migrations/068-portal-servers.migration';
import * as cityManagerTasksInTheirCity from './migrations/069-city-manager-tasks-in-their-city.migration';
import * as partnerShipments from './migrations/071-partner-shipments.migration';
import * as reconciliationOwnLine from './migrations/072-reconciliation-own-line.migration';
import * as agentReceiptsInvoices from './migrations/073-agent-receipts-invoices.migration';
import * as agentOwedReports from './migrations/074-agent-owed-reports.migration';
import * as letterTypePerTender from './migrations/078-letter-type-per-tender.migration';
import * as voidedTargets from './migrations/082-voided-targets.migration';
import * as cityManagerStiReview from './migrations/083-city-manager-sti-review.migration';
import * as loanSerials from './migrations/087-loan-serials.migration';
import * as orderStatus from './migrations/088-order-status.migration';
import * as notices from './migrations/089-notices.migration';
import * as noticeOccasions from './migrations/091-notice-occasions.migration';
import * as configurationForms from './migrations/092-configuration-forms.migration';
import * as reportLines from './migrations/093-report-lines.migration';
import * as policyOfficePages from './migrations/094-policy-office-pages.migration';
import * as agreementPdf from './migrations/097-agreement-pdf.migration';
import * as creditLimitRequests from './migrations/098-credit-limit-requests.migration';
import * as loanSerialSettlements from './migrations/099-loan-serial-settlements.migration';
import * as booksCheckReads from './migrations/100-books-check-reads.migration';
import * as opportunityParticipants from './migrations/101-opportunity-participants.migration';
import * as selfBuiltOrderList from './migrations/102-self-built-order-list.migration';
import * as shipmentsAwaitingAnAnswer from './migrations/103-shipments-awaiting-an-answer.migration';
import * as salesTaskKeptFigures from './migrations/104-sales-task-kept-figures.migration';
import * as rebateFlowCount from './migrations/105-rebate-flow-count.migration';
import * as defaultChainsAndOrderBands from './migrations/106-default-chains-and-order-bands.migration';
import * as taskFiguresOfTheirKeys from './migrations/107-task-figures-of-their-keys.migration';
import * as cityManagerAchievedByCity from './migrations/108-city-manager-achieved-by-city.migration';
import * as payerAgreementsForTheirAgent from './migrations/109-payer-agreements-for-their-agent.migration';
import * as confirmationsOfMovedLines from './migrations/110-confirmations-of-moved-lines.migration';
import * as ordersCountTowardTheirCityManager from './migrations/113-orders-count-toward-their-city-manager.migration';
import * as submissionRateOfTheTeam from './migrations/116-submission-rate-of-the-team.migration';
import * as syncedOrdersCountTowardTheirCityManager from './migrations/117-synced-orders-count-toward-their-city-manager.migration';
import * as targetsOutAskEveryLine from './migrations/119-targets-out-ask-every-line.migration';
import * as reportLinesHoldTheirModel from './migrations/120-report-lines-hold-their-model.migration';
import * as rebateBackAfterChanges from './migrations/123-rebate-back-after-changes.migration';
import * as opportunitiesKeepTheirRegistrant from './migrations/125-opportunities-keep-their-registrant.migration';
import * as sessionCallerInOneCall from './migrations/126-session-caller-in-one-call.migration';
import * as sessionsCached from './migrations/127-sessions-cached.migration';
import * as rebateFlowBeforeByItsNumber from './migrations/128-rebate-flow-before-by-its-number.migration';
import * as orderNumberWithItsChannel from './migrations/129-order-number-with-its-channel.migration';
import * as orderReportNumberOfItsOrder from './migrations/130-order-report-number-of-its-order.migration';
import * as orderNumberYear from './migrations/131-order-number-year.migration';

/** Every migration, in order. A new one is appended here and never edited once released. */
const migrations: Record<string, Migration> = {
  '001-identity': identity,
  '002-dictionary': dictionary,
  '003-records': records,
  '004-export-jobs': exportJobs,
  '005-files': files,
  '006-company-lookup': companyLookup,
  '007-workflows': workflows,
  '008-list-indexes': listIndexes,
  '009-employee-changes-addresses': employeeChangesAddresses,
  '010-number-prefix': numberPrefix,
  '011-customer-process-types': customerProcessTypes,
  '012-password-changed-at': passwordChangedAt,
  '013-workflow-platform': workflowPlatform,
  '014-scheduled-jobs': scheduledJobs,
  '015-temporary-passwords': temporaryPasswords,
  '016-agent-menus': agentMenus,
  '017-agent-company-page': agentCompanyPage,
  '018-order-entry': orderEntry,
  '019-order-approval': orderApproval,
  '020-payments': payments,
  '021-opportunity-registration': opportunityRegistration,
  '022-rebate-ledger': rebateLedger,
  '023-report-imports': reportImports,
  '024-invoices': invoices,
  '025-deliveries': deliveries,
  '026-partner-pull': partnerPull,
  '027-order-changes': orderChanges,
  '028-loans': loans,
  '029-special-prices': specialPrices,
  '030-commitment-letters-cpq': commitmentLettersCpq,
  '031-rebate-settlement': rebateSettlement,
  '032-sales-task-views': salesTaskViews,
  '033-sales-activity': salesActivity,
  '034-computed-reports': computedReports,
  '035-agreements': agreements,
  '036-product-pull': productPull,
  '037-opportunity-reports': opportunityReports,
  '038-deliveries-screens': deliveriesScreens,
  '039-rebate-task-form': rebateTaskForm,
  '040-report-states': reportStates,
  '041-report-reviews': reportReviews,
  '042-caches': caches,
  '043-region-approver-bands': regionApproverBands,
  '044-scale-reads': scaleReads,
  '045-awaiting-on-record': awaitingOnRecord,
  '046-company-channel-orders': companyChannelOrders,
  '047-reference-applied': referenceApplied,
  '048-books-check': booksCheck,
  '050-rebate-summary-columns': rebateSummaryColumns,
  '051-stock-chain-flag': stockChainFlag,
  '052-sales-task-books': salesTaskBooks,
  '053-order-month-figures': orderMonthFigures,
  '054-opportunity-customer-figures': opportunityCustomerFigures,
  '055-sales-task-duties': salesTaskDuties,
  '056-address-coordinates': addressCoordinates,
  '060-order-report-counts-orders': orderReportCountsOrders,
  '061-returned-orders': returnedOrders,
  '062-settlement-sheets': settlementSheets,
  '063-sti-review': stiReview,
  '064-task-approval-todos': taskApprovalTodos,
  '065-policy-dates': policyDates,
  '066-rates-never-overflow': ratesNeverOverflow,
  '067-rsp-lines-are-rsp-tasks': rspLinesAreRspTasks,
  '068-portal-servers': portalServers,
  '069-city-manager-tasks-in-their-city': cityManagerTasksInTheirCity,
  '071-partner-shipments': partnerShipments,
  '072-reconciliation-own-line': reconciliationOwnLine,
  '073-agent-receipts-invoices': agentReceiptsInvoices,
  '074-agent-owed-reports': agentOwedReports,
  '078-letter-type-per-tender': letterTypePerTender,
  '082-voided-targets': voidedTargets,
  '083-city-manager-sti-review': cityManagerStiReview,
  '087-loan-serials': loanSerials,
  '088-order-status': orderStatus,
  '089-notices': notices,
  '091-notice-occasions': noticeOccasions,
  '092-configuration-forms': configurationForms,
  '093-report-lines': reportLines,
  '094-policy-office-pages': policyOfficePages,
  '097-agreement-pdf': agreementPdf,
  '098-credit-limit-requests': creditLimitRequests,
  '099-loan-serial-settlements': loanSerialSettlements,
  '100-books-check-reads': booksCheckReads,
  '101-opportunity-participants': opportunityParticipants,
  '102-self-built-order-list': selfBuiltOrderList,
  '103-shipments-awaiting-an-answer': shipmentsAwaitingAnAnswer,
  '104-sales-task-kept-figures': salesTaskKeptFigures,
  '105-rebate-flow-count': rebateFlowCount,
  '106-default-chains-and-order-bands': defaultChainsAndOrderBands,
  '107-task-figures-of-their-keys': taskFiguresOfTheirKeys,
  '108-city-manager-achieved-by-city': cityManagerAchievedByCity,
  '109-payer-agreements-for-their-agent': payerAgreementsForTheirAgent,
  '110-confirmations-of-moved-lines': confirmationsOfMovedLines,
  '113-orders-count-toward-their-city-manager': ordersCountTowardTheirCityManager,
  '116-submission-rate-of-the-team': submissionRateOfTheTeam,
  '117-synced-orders-count-toward-their-city-manager': syncedOrdersCountTowardTheirCityManager,
  '119-targets-out-ask-every-line': targetsOutAskEveryLine,
  '120-report-lines-hold-their-model': reportLinesHoldTheirModel,
  '123-rebate-back-after-changes': rebateBackAfterChanges,
  '125-opportunities-keep-their-registrant': opportunitiesKeepTheirRegistrant,
  '126-session-caller-in-one-call': sessionCallerInOneCall,
  '127-sessions-cached': sessionsCached,
  '128-rebate-flow-before-by-its-number': rebateFlowBeforeByItsNumber,
  '129-order-number-with-its-channel': orderNumberWithItsChannel,
  '130-order-report-number-of-its-order': orderReportNumberOfItsOrder,
  '131-order-number-year': orderNumberYear,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>, schema?: string) {
  // With several schemas on one server the migrator must be told where its own tables live, or it
  // mistakes another schema's bookkeeping for this one's.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
