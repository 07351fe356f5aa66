'use client';

import Chip from '@mui/material/Chip';
import { useTranslations } from 'next-intl';
import { APPLICATION_STATES } from '@/lib/contracts/application/machine';
import { stateColor } from './step-logic';

/** The state's name in the user's language; an unknown state (a newer server) shows as it came. */
export function useStateLabel() {
  const t = useTranslations('application.state');
  return (state: string | null | undefined) =>
    state && (APPLICATION_STATES as readonly string[]).includes(state) ? t(state) : (state ?? '');
}

/** An application's state as a coloured chip with the state's name. */
export function StateChip({ state }: { state: string }) {
  const label = useStateLabel();
  return (
    <Chip
      size="small"
      color={stateColor(state)}
      variant={state === 'draft' ? 'outlined' : 'filled'}
      label={label(state)}
      data-state={state}
    />
  );
}
