'use client';

import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { BarButton } from './bar-button';

export function FullscreenButton() {
  const t = useTranslations('shell');
  const [full, setFull] = useState(false);
  useEffect(() => {
    const update = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    // Browsers may refuse (no user gesture, iframe without allowfullscreen): nothing to do then.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const label = full ? t('exitFullscreen') : t('fullscreen');
  return (
    <BarButton label={label} onClick={toggle}>
      {full ? <FullscreenExit /> : <Fullscreen />}
    </BarButton>
  );
}
