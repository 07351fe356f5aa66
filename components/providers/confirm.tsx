'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

type Confirm = (message: string, title?: string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm>(async () => false);

/** `await confirm(text)` resolves true on OK. One dialog for every confirmation the spec names. */
export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  const [state, setState] = useState<{ message: string; title?: string } | null>(null);
  const resolver = useRef<(ok: boolean) => void>(undefined);

  const confirm = useCallback<Confirm>((message, title) => {
    setState({ message, title });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setState(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={!!state}
        onClose={() => close(false)}
        aria-labelledby="confirm-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="confirm-title">{state?.title ?? t('tip')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{state?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>{t('cancel')}</Button>
          <Button variant="contained" onClick={() => close(true)} autoFocus>
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}
