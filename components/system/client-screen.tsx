'use client';

import { useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { clientResource } from '@/lib/contracts/system/client';

/**
 * OAuth clients. Secrets are stored hashed and never come back: the secret field is write-only (empty on edit
 * keeps the current secret).
 */
export function ClientScreen() {
  const t = useTranslations('system.client');
  return (
    <ResourceScreen
      def={clientResource}
      viewCode="client_view"
      fields={{
        clientId: { readOnlyIn: ['edit'] },
        clientSecret: { placeholder: t('secretHint'), hiddenIn: ['view'] },
        webServerRedirectUri: { wide: true },
        resourceIds: false,
        authorities: false,
        autoapprove: false,
      }}
      // The form offers the password grant to a new client; a call that names none gets blade/'s default.
      overrides={{ onAddValues: () => ({ authorizedGrantTypes: 'refresh_token,password,captcha' }) }}
    />
  );
}
