import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * The sales task figures are views computed from records (migration 032): RSP load bearing, the
 * provincial task report and the city managers' STI per quarter. No row of them is ever stored.
 */
export const salesTaskStorages = {
  loadBearing: {
    table: 'rsp_load_bearing',
    columns: {
      AgentName: col('agent_name'),
      AgentCode: col('agent_code'),
      ProvinceName: col('province_name'),
      Year: col('year'),
      Brand: col('brand'),
      LastYearActual: col('last_year_actual', 'numeric'),
      LoadBearingAmount: col('load_bearing_amount', 'numeric'),
      YoyGrowth: col('yoy_growth', 'numeric'),
      CompletedAmount: col('completed_amount', 'numeric'),
      CompletionRate: col('completion_rate', 'numeric'),
      RemainingAmount: col('remaining_amount', 'numeric'),
      CapacityWarning: col('capacity_warning', 'boolean'),
    },
    defaultSort: '-LoadBearingAmount',
    keywordFields: ['AgentName', 'AgentCode'],
  },
  provincialTaskReport: {
    table: 'provincial_task_report',
    columns: {
      ProvinceName: col('province_name'),
      Year: col('year'),
      Brand: col('brand'),
      IndicatorType: col('indicator_type'),
      AnnualTask: col('annual_task', 'numeric'),
      LoadBearingRate: col('load_bearing_rate', 'numeric'),
      RspCount: col('rsp_count', 'integer'),
      CompletedAmount: col('completed_amount', 'numeric'),
      CompletionRate: col('completion_rate', 'numeric'),
      GapAmount: col('gap_amount', 'numeric'),
      LoadBearingOutsideWindow: col('load_bearing_outside_window', 'boolean'),
    },
    defaultSort: '-CompletionRate',
    keywordFields: ['ProvinceName'],
  },
  stiTask: {
    table: 'sti_task',
    columns: {
      cityManagerName: col('city_manager_name'),
      cityManagerCode: col('city_manager_code'),
      ProvinceName: col('province_name'),
      CityName: col('city_name'),
      Year: col('year'),
      Quarter: col('quarter'),
      StiKind: col('sti_kind'),
      TaskAmount: col('task_amount', 'numeric'),
      AchievedAmount: col('achieved_amount', 'numeric'),
      AchievementRate: col('achievement_rate', 'numeric'),
      StiLevel: col('sti_level'),
      StiBase: col('sti_base', 'numeric'),
      StiAmount: col('sti_amount', 'numeric'),
      StiStatus: col('sti_status'),
      // The task the row is a quarter of; who calculated its STI and why it was returned (its workflow's).
      TaskID: col('task_id'),
      CalculatedBy: col('calculated_by'),
      ReturnReason: col('return_reason'),
    },
    defaultSort: '-StiAmount',
    keywordFields: ['cityManagerName', 'CityName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
