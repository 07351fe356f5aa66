import { renderHook, waitFor } from '@testing-library/react';
import { useDocumentTitle } from '@/components/shell/use-document-title';

describe('useDocumentTitle', () => {
  it('sets the title and puts it back when streamed metadata replaces it', async () => {
    const { rerender, unmount } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: '用户管理 - 防爆业务' },
    });
    expect(document.title).toBe('用户管理 - 防爆业务');
    // What Next does when a page's metadata arrives after the page rendered.
    document.head.querySelectorAll('title').forEach((el) => el.remove());
    const late = document.createElement('title');
    late.textContent = '防爆检验所业务管理系统';
    document.head.appendChild(late);
    await waitFor(() => expect(document.title).toBe('用户管理 - 防爆业务'));
    rerender({ title: 'Users - Explosion-proof' });
    expect(document.title).toBe('Users - Explosion-proof');
    unmount();
    document.title = 'after';
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toBe('after');
  });
});
