'use client';

import { useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { LOGIN_SOURCE_KINDS, loginSourceResource } from '@/lib/contracts/system/login-source';

/**
 * A tenant's SSO and social login sources (blade/modules/auth/sso.md). The client secret is write-only: empty on edit
 * keeps the stored one, and no answer carries it.
 */
export function LoginSourceScreen() {
  const t = useTranslations('system.loginSource');
  const kindOptions = LOGIN_SOURCE_KINDS.map((kind) => ({ value: kind, label: t(`kind_${kind}`) }));
  return (
    <ResourceScreen
      def={loginSourceResource}
      viewCode="loginSource_view"
      fields={{
        kind: { kind: 'select', options: kindOptions },
        source: { readOnlyIn: ['edit'] },
        issuer: { placeholder: t('issuerHint'), wide: true },
        clientSecret: { placeholder: t('secretHint'), hiddenIn: ['view'] },
        guestAccount: { placeholder: t('guestAccountHint'), wide: true },
      }}
      columns={{
        kind: {
          valueGetter: (value: string) =>
            value === 'sso' || value === 'social' ? t(`kind_${value}`) : value,
        },
      }}
    />
  );
}
