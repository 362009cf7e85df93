import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where sales activity lives (migration 033): visits and daily reports in tables of their own, and
 * the team submission rate as a view over the reports, so it is read, never stored.
 */
export const activityStorages = {
  visit: {
    table: 'visit',
    columns: {
      VisitNo: col('visit_no'),
      VisitTargetType: col('visit_target_type'),
      CustomerName: col('customer_name'),
      ContactName: col('contact_name'),
      VisitType: col('visit_type'),
      VisitorID: col('visitor_id', 'uuid'),
      VisitorName: col('visitor_name'),
      VisitorCode: col('visitor_code'),
      PlannedStart: col('planned_start', 'timestamptz'),
      PlannedEnd: col('planned_end', 'timestamptz'),
      VisitStatus: col('visit_status'),
      CheckInTime: col('check_in_time', 'timestamptz'),
      CheckInDistance: col('check_in_distance', 'integer'),
      LocationAbnormal: col('location_abnormal', 'boolean'),
      CheckOutTime: col('check_out_time', 'timestamptz'),
      DurationMinutes: col('duration_minutes', 'integer'),
      DurationAbnormal: col('duration_abnormal', 'boolean'),
      ExtOpportunityNOText_SDK: col('opportunity_nos'),
    },
    number: { field: 'VisitNo', prefix: NUMBER_PREFIX.visit },
    defaultSort: '-PlannedStart',
    keywordFields: ['VisitNo', 'CustomerName', 'VisitorName'],
  },
  dailyReport: {
    table: 'daily_report',
    columns: {
      ReportDate: col('report_date', 'date'),
      ReporterID: col('reporter_id', 'uuid'),
      ReporterName: col('reporter_name'),
      ReporterCode: col('reporter_code'),
      ProvinceName: col('province_name'),
      CityName: col('city_name'),
      VisitCount: col('visit_count', 'integer'),
      NewOpportunityCount: col('new_opportunity_count', 'integer'),
      OpportunityChangeCount: col('opportunity_change_count', 'integer'),
      SubmitStatus: col('submit_status'),
      SubmittedOn: col('submitted_on', 'timestamptz'),
      LateSubmission: col('late_submission', 'boolean'),
      ReviewerName: col('reviewer_name'),
    },
    defaultSort: '-ReportDate',
    keywordFields: ['ReporterName'],
    createRequires: ['ReportDate'],
  },
  dailyReportRate: {
    table: 'daily_report_rate',
    columns: {
      ReportDate: col('report_date', 'date'),
      ProvinceName: col('province_name'),
      TeamSize: col('team_size', 'integer'),
      OnTimeCount: col('on_time_count', 'integer'),
      LateCount: col('late_count', 'integer'),
      MissingCount: col('missing_count', 'integer'),
      SubmissionRate: col('submission_rate', 'numeric'),
    },
    defaultSort: '-ReportDate',
    keywordFields: ['ProvinceName'],
  },
  sti2Report: {
    table: 'sti2_report',
    columns: {
      ReportKind: col('report_kind'),
      AgentName: col('agent_name'),
      ExtAgentID_SDK: col('agent_code'),
      ProvinceName: col('province_name'),
      CityName: col('city_name'),
      cityManagerName: col('city_manager_name'),
      cityManagerCode: col('city_manager_code'),
      Year: col('year'),
      Quarter: col('quarter'),
      TargetAmount: col('target_amount', 'numeric'),
      AchievedAmount: col('achieved_amount', 'numeric'),
      AchievementRate: col('achievement_rate', 'numeric'),
      StiLevel: col('sti_level'),
      StiBase: col('sti_base', 'numeric'),
      StiAmount: col('sti_amount', 'numeric'),
      StiStatus: col('sti_status'),
    },
    defaultSort: '-AchievementRate',
    keywordFields: ['AgentName', 'cityManagerName', 'CityName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
