import { configure } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { swrFetcher } from '@/lib/client/fetcher';
import { renderWithIntl } from '../render';

// DataGrid screens take a while to settle on two shared cores; the default 1 s wait is too tight.
configure({ asyncUtilTimeout: 8000 });

/** renderWithIntl plus the portal's SWR fetcher (screens load their data through SWR). */
export function renderScreen(ui: ReactElement, locale: 'zh' | 'en' = 'zh') {
  return renderWithIntl(<SWRConfig value={{ fetcher: swrFetcher }}>{ui}</SWRConfig>, locale);
}
