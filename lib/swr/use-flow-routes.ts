import useSWR from 'swr';

/**
 * Flow routes (spec 000 §3, "Flow route from dictionary"): each item of the system dictionary `flow` names the page
 * of one process — `routeKey` is `code_dictKey` (e.g. `flow_1`), `routeValue` the item's remark (the route). Flow
 * screens look a process's form page up here, so an administrator re-points a process in the dictionary, not in code.
 */
export interface FlowRoute {
  routeKey: string;
  routeValue: string;
}

interface DictionaryItem {
  code: string;
  dictKey: string | number;
  remark?: string | null;
}

export const FLOW_DICT_CODE = 'flow';

export function toFlowRoutes(items: DictionaryItem[]): FlowRoute[] {
  return items.map((item) => ({ routeKey: `${item.code}_${item.dictKey}`, routeValue: item.remark ?? '' }));
}

/** The route of `key` (`flow_1`), or undefined when the dictionary has no such item or it names no route. */
export function flowRoute(routes: readonly FlowRoute[], key: string): string | undefined {
  return routes.find((route) => route.routeKey === key)?.routeValue || undefined;
}

export function useFlowRoutes(): FlowRoute[] {
  const { data } = useSWR<DictionaryItem[]>(['/api/blade-system/dict/dictionary', { code: FLOW_DICT_CODE }]);
  return data ? toFlowRoutes(data) : [];
}
