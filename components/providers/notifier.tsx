'use client';

import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The spec's message durations: normal 3 s, success 5 s, warning 10 s, error 10 s. */
export const messageDurations: Record<AlertColor, number> = {
  info: 3000,
  success: 5000,
  warning: 10000,
  error: 10000,
};

type Notify = (message: string, severity?: AlertColor) => void;

const NotifierContext = createContext<Notify>(() => {});

export function useNotify(): Notify {
  return useContext(NotifierContext);
}

interface Toast {
  key: number;
  message: string;
  severity: AlertColor;
}

export function NotifierProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setToast({ key: Date.now(), message, severity });
  }, []);
  const value = useMemo(() => notify, [notify]);

  return (
    <NotifierContext.Provider value={value}>
      {children}
      <Snackbar
        key={toast?.key}
        open={!!toast}
        autoHideDuration={toast ? messageDurations[toast.severity] : null}
        onClose={(_, reason) => reason !== 'clickaway' && setToast(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        {toast ? (
          <Alert severity={toast.severity} variant="filled" onClose={() => setToast(null)} role="alert">
            {toast.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </NotifierContext.Provider>
  );
}
