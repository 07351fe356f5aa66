import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';

/**
 * The lock password's entry, shared by the lock screen and the dialog that sets the password: the typed password,
 * the error shown under it and the busy flag. `submitWith(action)` makes the form's submit handler: an empty
 * password is refused with `lock.passwordRequired`; otherwise the form turns busy and `action` runs. Clearing busy
 * is the action's choice: the lock screen stays busy while it navigates away.
 */
export function usePasswordEntry() {
  const t = useTranslations('lock');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submitWith = (action: (password: string) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('passwordRequired'));
      return;
    }
    setBusy(true);
    await action(password);
  };

  return { password, setPassword, error, setError, busy, setBusy, submitWith };
}
