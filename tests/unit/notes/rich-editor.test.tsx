import { fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { RichEditor } from '@/components/notes/rich-editor';
import { renderWithIntl } from '../render';

// The editor's two faces: a read share sees the stored (server-sanitised) HTML with nothing to edit; an editor gets
// the toolbar and the text, reports a change, and hands its draft to the screen that saves it.

const HTML = '<h2>隔爆外壳</h2><p><b>接合面</b>宽度</p>';

// jsdom has no editing engine: the browser's execCommand is stood in for, to see which commands the toolbar runs.
const execCommand = jest.fn();
beforeEach(() => {
  execCommand.mockReset();
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
});

describe('RichEditor', () => {
  it('shows the note read only: no toolbar, no text box', () => {
    const draft = createRef<(() => string) | null>() as React.RefObject<(() => string) | null>;
    renderWithIntl(<RichEditor html={HTML} readOnly onDirty={jest.fn()} draftRef={draft} />);
    expect(screen.getByTestId('note-readonly').innerHTML).toBe(HTML);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(draft.current).toBeFalsy();
  });

  it('edits: the toolbar’s commands, a change reported, the draft readable', () => {
    const draft = { current: null } as React.RefObject<(() => string) | null>;
    const onDirty = jest.fn();
    renderWithIntl(<RichEditor html={HTML} readOnly={false} onDirty={onDirty} draftRef={draft} />);
    for (const name of ['加粗', '斜体', '下划线', '标题', '无序列表', '有序列表', '插入链接', '撤销'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    const text = screen.getByRole('textbox');
    expect(text.innerHTML).toBe(HTML);
    text.innerHTML += '<p>新增</p>';
    expect(onDirty).not.toHaveBeenCalled();
    fireEvent.input(text);
    expect(onDirty).toHaveBeenCalledWith(true);
    expect(draft.current?.()).toBe(`${HTML}<p>新增</p>`);
    fireEvent.click(screen.getByRole('button', { name: '加粗' }));
    expect(execCommand).toHaveBeenLastCalledWith('bold', false, undefined);
    fireEvent.click(screen.getByRole('button', { name: '标题' }));
    expect(execCommand).toHaveBeenLastCalledWith('formatBlock', false, 'h2');
  });
});
