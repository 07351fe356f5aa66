'use client';

import { ResourceScreen } from '@/components/crud/resource-screen';
import { paramResource } from '@/lib/contracts/system/param';

/** Spec §2 / §5: the generic form; paramName, paramKey and paramValue required, checked on blur. */
export function ParamScreen() {
  return <ResourceScreen def={paramResource} viewCode="param_view" />;
}
