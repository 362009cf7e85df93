import { codeEntries } from '../../domain/codes/code';
import { Brand } from '../../domain/codes/products.codes';
import { TaskIndicatorType, TaskType } from '../../domain/codes/sales-tasks.codes';

/** A message parameter in the reader's language: a dictionary option's words, else its code. */
function words(dictionary: object, code: unknown) {
  const entry = codeEntries(dictionary).find(([keyword]) => keyword === String(code ?? ''));
  return {
    key: 'server.stateWords',
    params: { zh: entry?.[1] ?? String(code ?? ''), en: entry?.[2] ?? String(code ?? '') },
  };
}

/**
 * How a refusal names a task to a person: its number where it has one, else what identifies it — the
 * year, province, brand line and indicator of a province target or RSP line (with the RSP), the city
 * manager, city, brand line and task type of a city manager's task.
 */
export function taskLabel(data: Record<string, unknown>) {
  if (data.TaskNo) return { key: 'salesTasks.labels.numbered', params: { no: String(data.TaskNo) } };
  const common = { year: String(data.Year ?? ''), line: words(Brand, data.Brand) };
  if (data.cityManagerName)
    return {
      key: 'salesTasks.labels.cityManagerTask',
      params: {
        ...common,
        who: String(data.cityManagerName),
        city: String(data.CityName ?? ''),
        type: words(TaskType, data.TaskType),
      },
    };
  const target = {
    ...common,
    province: String(data.ProvinceName ?? ''),
    indicator: words(TaskIndicatorType, data.IndicatorType),
  };
  return data.AgentName
    ? { key: 'salesTasks.labels.rspLine', params: { ...target, who: String(data.AgentName) } }
    : { key: 'salesTasks.labels.target', params: target };
}
