import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ComplaintStepButtons } from '@/components/quality/complaint-steps';
import { offeredSteps } from '@/components/quality/step-logic';
import { QUALITY_CODES, type ComplaintState } from '@/lib/contracts/quality/machine';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { refused } from '../system/fixtures';

const TRANSIT = '/api/blade-customer/complaint/transit';
const HANDLERS = '/api/blade-customer/complaint/selectHandlerList';
const Q = QUALITY_CODES;
const holding =
  (...codes: string[]) =>
  (code: string) =>
    codes.includes(code);
const names = (
  state: ComplaintState,
  holds: (c: string) => boolean,
  side: 'customer' | 'staff',
  handler = false,
) => offeredSteps(state, holds, side, handler).map((t) => t.name);

describe('the complaint steps offered', () => {
  it('follows the state, the side, the codes held and the handler', () => {
    expect(names('received', holding(Q.acknowledge), 'staff')).toEqual(['acknowledge', 'notAccept']);
    expect(names('received', holding(Q.assign, Q.close, Q.handle), 'staff')).toEqual([]);
    expect(names('acknowledged', holding(Q.assign), 'staff')).toEqual(['assign']);
    // The handler's steps only for the case's handler.
    expect(names('assigned', holding(Q.handle), 'staff')).toEqual([]);
    expect(names('assigned', holding(Q.handle), 'staff', true)).toEqual(['investigate']);
    expect(names('investigating', holding(Q.handle), 'staff', true)).toEqual(['respond']);
    // The customer's confirm and reopen never show to staff, the staff's close never to the customer.
    expect(names('responded', holding(Q.apply, Q.close), 'customer')).toEqual(['confirm', 'reopen']);
    expect(names('responded', holding(Q.apply, Q.close), 'staff')).toEqual(['close']);
    expect(names('closed', () => true, 'staff', true)).toEqual([]);
  });
});

const detail = (state: ComplaintState) => ({ id: '77', complaintState: state, history: [] });

describe('ComplaintStepButtons', () => {
  it('assigns a handler chosen from those without a conflict', async () => {
    const done = jest.fn();
    const blade = fakeBlade({
      [HANDLERS]: [
        { id: '5', realName: '检测员甲', conflict: true },
        { id: '6', realName: '质量员乙', conflict: false },
      ],
      [`POST ${TRANSIT}`]: detail('assigned'),
    });
    renderScreen(
      <ComplaintStepButtons
        id="77"
        state="acknowledged"
        holds={holding(Q.assign)}
        side="staff"
        onDone={done}
      />,
    );
    expect(screen.queryByRole('button', { name: '受理' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '指派处理人' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择处理人')).toBeInTheDocument();
    expect(blade.to(TRANSIT)).toHaveLength(0);
    await waitFor(() => expect(blade.to(HANDLERS)[0].query.get('id')).toBe('77'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const conflicted = await screen.findByRole('option', { name: /检测员甲/ });
    expect(conflicted).toHaveAttribute('aria-disabled', 'true');
    expect(conflicted).toHaveTextContent('存在利益冲突');
    fireEvent.click(screen.getByRole('option', { name: '质量员乙' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(detail('assigned')));
    expect(blade.to(TRANSIT)[0].body).toEqual({ id: '77', action: 'assign', handlerId: '6' });
  });

  it('asks the answer of a respond step and keeps the server’s refusal in the dialog', async () => {
    const done = jest.fn();
    const blade = fakeBlade({ [`POST ${TRANSIT}`]: () => refused('投诉当前状态为“已答复”，不能办理此步骤') });
    renderScreen(
      <ComplaintStepButtons
        id="77"
        state="investigating"
        holds={holding(Q.handle)}
        side="staff"
        isHandler
        onDone={done}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '答复' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写说明')).toBeInTheDocument();
    expect(blade.to(TRANSIT)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/说明/), { target: { value: '已复核，结论维持' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('投诉当前状态为“已答复”，不能办理此步骤')).toBeInTheDocument();
    expect(blade.to(TRANSIT)[0].body).toEqual({ id: '77', action: 'respond', text: '已复核，结论维持' });
    expect(done).not.toHaveBeenCalled();
  });

  it('offers the customer confirm and reopen on an answered case', () => {
    fakeBlade({});
    renderScreen(
      <ComplaintStepButtons
        id="77"
        state="responded"
        holds={holding(Q.apply)}
        side="customer"
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: '确认结果' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新打开' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '结案' })).toBeNull();
  });
});
