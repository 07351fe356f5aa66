import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SurveyDialog } from '@/components/quality/my-surveys';
import { completeAnswers } from '@/components/quality/rating-form';
import type { SurveyVO } from '@/lib/contracts/quality/quality';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { refused } from '../system/fixtures';

const ITEMS = '/api/blade-customer/surveyItems/selectSurveyItemsList';
const SAVE = '/api/blade-customer/satisfactionSurvey/save';
const items = [
  { id: '11', title: '受理与咨询服务的及时性', sort: 1 },
  { id: '12', title: '工作人员的服务态度', sort: 2 },
];

function survey(patch: Partial<SurveyVO> = {}): SurveyVO {
  return {
    id: '900',
    companyId: '7',
    companyName: '甲防爆电器有限公司',
    applicationId: '500',
    applicationNo: 'SQC2026000001',
    productName: '隔爆型电动机',
    surveyState: 'sent',
    answers: [],
    average: '',
    comment: '',
    answeredAt: '',
    followupId: '',
    createTime: '2026-11-26 10:00:00',
    ...patch,
  };
}

/** Clicks the star `score` of a question (MUI Rating: one radio per score, named by the question). */
function rate(itemId: string, score: number) {
  const input = document.querySelector(`input[name="score-${itemId}"][value="${score}"]`) as HTMLInputElement;
  fireEvent.click(input);
}

describe('completeAnswers', () => {
  it('answers only when every question has a score 1–5', () => {
    expect(completeAnswers(items, { '11': 4 })).toBeNull();
    expect(completeAnswers(items, { '11': 4, '12': null })).toBeNull();
    expect(completeAnswers(items, { '11': 4, '12': 1 })).toEqual([
      { itemId: '11', score: 4 },
      { itemId: '12', score: 1 },
    ]);
  });
});

describe('the survey rating form', () => {
  it('asks for every score before sending, then sends each question once with the comment', async () => {
    const done = jest.fn();
    const blade = fakeBlade({ [ITEMS]: items, [`POST ${SAVE}`]: survey({ surveyState: 'answered' }) });
    renderScreen(<SurveyDialog survey={survey()} onClose={jest.fn()} onDone={done} />);
    expect(await screen.findByText('工作人员的服务态度')).toBeInTheDocument();
    rate('11', 4);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请为每一项评分')).toBeInTheDocument();
    expect(blade.to(SAVE)).toHaveLength(0);
    // The chosen score is named by its meaning.
    expect(screen.getByText('满意')).toBeInTheDocument();
    rate('12', 2);
    fireEvent.change(screen.getByLabelText('意见和建议'), { target: { value: '周期偏长' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(blade.to(SAVE)[0].body).toEqual({
      id: '900',
      answers: [
        { itemId: '11', score: 4 },
        { itemId: '12', score: 2 },
      ],
      comment: '周期偏长',
    });
  });

  it('keeps the dialog open on a refusal', async () => {
    const done = jest.fn();
    fakeBlade({ [ITEMS]: items, [`POST ${SAVE}`]: () => refused('该调查已填写，不能重复提交') });
    renderScreen(<SurveyDialog survey={survey()} onClose={jest.fn()} onDone={done} />);
    await screen.findByText('工作人员的服务态度');
    rate('11', 5);
    rate('12', 5);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '保存' })).toBeEnabled());
    expect(done).not.toHaveBeenCalled();
    expect(screen.getByText('工作人员的服务态度')).toBeInTheDocument();
  });

  it('shows an answered survey read-only, as it was asked, without a save button', async () => {
    const blade = fakeBlade({ [ITEMS]: items });
    renderScreen(
      <SurveyDialog
        survey={survey({
          surveyState: 'answered',
          answers: [{ itemId: '11', title: '当时的题目', score: 3 }],
          comment: '一般',
        })}
        onClose={jest.fn()}
        onDone={jest.fn()}
      />,
    );
    expect(await screen.findByText('当时的题目')).toBeInTheDocument();
    expect(screen.getByText('一般', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(blade.to(ITEMS)).toHaveLength(0);
  });
});
