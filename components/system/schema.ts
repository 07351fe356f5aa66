import { z } from '@/lib/zod';
import type { CrudField } from '@/components/crud/types';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * A schema for screens whose only rules are "required" and a length limit: text fields get `请输入{label}`,
 * choices get `请选择{label}` (from system.common). Screens with rules of their own write their schema by hand.
 */
export function requiredSchema(fields: CrudField[], required: string[], tc: Translate, max = 255) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (!required.includes(f.name)) continue;
    const kind = f.kind ?? 'text';
    if (kind === 'number') {
      const msg = tc('required', { field: f.label });
      shape[f.name] = z.number({ error: msg });
    } else if (kind === 'select' || kind === 'tree' || kind === 'switch') {
      const msg = tc('selectRequired', { field: f.label });
      shape[f.name] = z.union([z.number(), z.string().min(1, msg)], { error: msg });
    } else if (kind === 'treeMulti') {
      shape[f.name] = z.array(z.string()).min(1, tc('selectRequired', { field: f.label }));
    } else {
      const msg = tc('required', { field: f.label });
      shape[f.name] = z.string({ error: msg }).trim().min(1, msg).max(max);
    }
  }
  return z.object(shape);
}
