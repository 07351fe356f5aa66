import Dialog from '@mui/material/Dialog';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { renderWithIntl } from './render';

const answers: boolean[] = [];

/** A page that asks, opens a dialog of its own while the answer fades out, and asks again over it. */
function Page() {
  const confirm = useConfirm();
  const [viewer, setViewer] = useState(false);
  const ask = async (text: string) => answers.push(await confirm(text));
  return (
    <>
      <button onClick={() => void ask('是否确认签章文件?')}>sign</button>
      <button onClick={() => setViewer(true)}>viewer</button>
      <Dialog open={viewer} aria-label="viewer">
        <button onClick={() => void ask('是否确认取消签章?')}>cancel signing</button>
      </Dialog>
    </>
  );
}

describe('useConfirm', () => {
  beforeEach(() => answers.splice(0));

  it('asks each question in a dialog of its own, reachable even when it opens over another modal', async () => {
    renderWithIntl(<Page />);
    fireEvent.click(screen.getByText('sign'));
    const first = await screen.findByRole('dialog', { name: '提示' });
    expect(first).toHaveTextContent('是否确认签章文件?');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(answers).toEqual([true]));

    // The viewer opens while the first confirmation is still fading out, and asks at once.
    fireEvent.click(screen.getByText('viewer', { selector: 'button' }));
    fireEvent.click(await screen.findByText('cancel signing'));
    // Found without { hidden: true }: the new question is the top modal, not a reused, aria-hidden one.
    const second = await screen.findByRole('dialog', { name: '提示' });
    expect(second).toHaveTextContent('是否确认取消签章?');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(answers).toEqual([true, false]));
  });

  it('answers an unanswered question "no" when the next one is asked', async () => {
    function TwoQuestions() {
      const confirm = useConfirm();
      const ask = async () => {
        const pending = confirm('一');
        void confirm('二');
        answers.push(await pending);
      };
      return <button onClick={() => void ask()}>ask twice</button>;
    }
    renderWithIntl(<TwoQuestions />);
    fireEvent.click(screen.getByText('ask twice'));
    await waitFor(() => expect(answers).toEqual([false]));
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('二');
  });
});
