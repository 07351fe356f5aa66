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

// The provider wraps the signed-in shell only (app/(portal)/layout.tsx): the public pages ask nothing and need not load a
// dialog. A confirmation asked outside it is a mistake to see, not a silent "cancel".
const ConfirmContext = createContext<Confirm>(async () => {
  throw new Error('useConfirm outside ConfirmProvider (app/(portal)/layout.tsx)');
});

/** `await confirm(text)` resolves true on OK. One dialog for every confirmation the spec names. */
export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  // Each question gets a dialog of its own (a new key): a dialog reused while another modal opened over it during its
  // fade-out would keep the aria-hidden that modal gave it, and stay hidden from assistive technology and tests.
  const [state, setState] = useState<{ id: number; open: boolean; message: string; title?: string } | null>(
    null,
  );
  const resolver = useRef<(ok: boolean) => void>(undefined);
  const asked = useRef(0);

  const confirm = useCallback<Confirm>((message, title) => {
    // A question still open when the next one comes is answered "no", never left hanging.
    resolver.current?.(false);
    asked.current += 1;
    setState({ id: asked.current, open: true, message, title });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setState((s) => s && { ...s, open: false });
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {state ? (
        <Dialog
          key={state.id}
          open={state.open}
          onClose={() => close(false)}
          aria-labelledby={`confirm-title-${state.id}`}
          maxWidth="xs"
          fullWidth
        >
          <DialogTitle id={`confirm-title-${state.id}`}>{state.title ?? t('tip')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{state.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => close(false)}>{t('cancel')}</Button>
            <Button variant="contained" onClick={() => close(true)} autoFocus>
              {t('confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </ConfirmContext.Provider>
  );
}
