'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { flattenTree } from '@/components/crud/ids';
import type { ResourceDef } from '@/lib/contracts/resource';
import { apiScopeResource, dataScopeResource } from '@/lib/contracts/system/scope';
import { useMenuTree } from './use-system-data';

/**
 * Data scopes (which rows a role sees: all, own department, department and children, own records, chosen
 * departments) and API scopes (which calls a role may make), each attached to a menu.
 */
export function ScopeScreen({ kind }: { kind: 'data' | 'api' }) {
  const t = useTranslations('system.scope');
  const { data: menuTree = [] } = useMenuTree();
  const menuNames = useMemo(() => new Map(flattenTree(menuTree).map((n) => [n.id, n.title])), [menuTree]);
  const perm = kind === 'data' ? 'datascope' : 'apiscope';
  const first = ['scopeName', 'menuId', 'resourceCode', 'scopeType'];
  return (
    <ResourceScreen
      // The two definitions differ in their fields: the screen names fields as plain strings.
      def={(kind === 'data' ? dataScopeResource : apiScopeResource) as ResourceDef}
      viewCode={`${perm}_view`}
      // Off the form, as before: stored for Blade's clients, not edited on this screen.
      fields={{ menuId: { kind: 'tree', tree: menuTree }, scopeField: false, scopeClass: false }}
      columns={{
        menuId: { valueGetter: (_, r) => menuNames.get(String(r.menuId)) ?? r.menuId },
        scopeType: { flex: 0, width: 140 },
      }}
      order={{ list: first, form: ['menuId', 'scopeName', 'resourceCode', 'scopeType'] }}
      overrides={{
        title: kind === 'data' ? t('dataTitle') : t('apiTitle'),
        // Writes are the platform administrator's: the buttons follow the page's button codes.
        permissions: {
          add: `${perm}_add`,
          edit: `${perm}_edit`,
          delete: `${perm}_delete`,
          view: `${perm}_view`,
        },
      }}
    />
  );
}
