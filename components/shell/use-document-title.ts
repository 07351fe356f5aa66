'use client';

import { useEffect } from 'react';

/**
 * Keeps the document title on `title` (spec 000 §2: the page title is set after navigation). Next streams a page's
 * metadata <title> in after the page has rendered, which would replace the shell's title at an unpredictable moment,
 * so the title is put back whenever the head changes it.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    const observer = new MutationObserver(() => {
      if (document.title !== title) document.title = title;
    });
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);
}
